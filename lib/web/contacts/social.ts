// Social profiles from link URLs. Only profile pages count: share buttons, tweet intents, posts,
// videos and the platforms' own pages are not someone's profile.
import type { SocialPlatform } from "../types";

export interface ProfileRef {
  readonly platform: SocialPlatform;
  readonly url: string;
  readonly handle: string;
}

const X_RESERVED = new Set([
  "home",
  "i",
  "intent",
  "share",
  "search",
  "hashtag",
  "explore",
  "settings",
  "login",
  "logout",
  "signup",
  "messages",
  "notifications",
  "tos",
  "privacy",
  "about",
  "compose",
  "download",
  "account",
  "oauth",
  "widgets",
  "en",
  "jobs",
  "help",
]);
const GITHUB_RESERVED = new Set([
  "about",
  "features",
  "pricing",
  "login",
  "join",
  "signup",
  "explore",
  "topics",
  "marketplace",
  "settings",
  "site",
  "security",
  "enterprise",
  "collections",
  "trending",
  "events",
  "contact",
  "customer-stories",
  "readme",
  "team",
  "new",
  "notifications",
  "apps",
  "search",
  "pulls",
  "issues",
  "codespaces",
  "resources",
  "solutions",
  "premium-support",
  "home",
  "sponsors",
  "orgs",
  "organizations",
  "blog",
  "mobile",
  "password_reset",
]);
const FACEBOOK_RESERVED = new Set([
  "sharer",
  "sharer.php",
  "share",
  "share.php",
  "dialog",
  "plugins",
  "tr",
  "login",
  "login.php",
  "groups",
  "events",
  "watch",
  "photo.php",
  "photo",
  "photos",
  "permalink.php",
  "story.php",
  "hashtag",
  "help",
  "policies",
  "privacy",
  "ads",
  "business",
  "gaming",
  "marketplace",
  "legal",
  "settings",
  "home.php",
  "l.php",
  "video.php",
  "reel",
  "search",
  "pages",
  "people",
]);
const INSTAGRAM_RESERVED = new Set([
  "p",
  "reel",
  "reels",
  "tv",
  "explore",
  "accounts",
  "stories",
  "direct",
  "about",
  "developer",
  "legal",
  "privacy",
  "web",
  "static",
]);

/** The profile a URL points to, or undefined when it is not a profile page. */
export function profileFromUrl(href: string): ProfileRef | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
  const host = url.hostname.toLowerCase().replace(/^(?:www|m|mobile|[a-z]{2})\./, "");
  const parts = url.pathname.split("/").filter(Boolean).map(safeDecode);
  const [first, second] = parts;
  switch (host) {
    case "twitter.com":
    case "x.com": {
      if (parts.length !== 1 || !first || !/^[A-Za-z0-9_]{1,15}$/.test(first) || X_RESERVED.has(first.toLowerCase())) return undefined;
      return { platform: "x", url: `https://x.com/${first}`, handle: first };
    }
    case "linkedin.com": {
      if (parts.length !== 2 || !first || !second || !["in", "company", "school", "showcase"].includes(first)) return undefined;
      if (!/^[\p{L}\p{N}_.-]{2,100}$/u.test(second)) return undefined;
      return { platform: "linkedin", url: `https://www.linkedin.com/${first}/${encodeURIComponent(second)}`, handle: second };
    }
    case "github.com": {
      const name = parts.length === 1 ? first : parts.length === 2 && first === "orgs" ? second : undefined;
      if (!name || !/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/.test(name) || (parts.length === 1 && GITHUB_RESERVED.has(name.toLowerCase()))) return undefined;
      return { platform: "github", url: `https://github.com/${name}`, handle: name };
    }
    case "facebook.com":
    case "fb.com": {
      if (parts.length === 1 && first === "profile.php") {
        const id = url.searchParams.get("id");
        return id && /^\d+$/.test(id) ? { platform: "facebook", url: `https://www.facebook.com/profile.php?id=${id}`, handle: id } : undefined;
      }
      if (parts.length !== 1 || !first || !/^[A-Za-z0-9.]{5,50}$/.test(first) || FACEBOOK_RESERVED.has(first.toLowerCase())) return undefined;
      return { platform: "facebook", url: `https://www.facebook.com/${first}`, handle: first };
    }
    case "instagram.com": {
      if (parts.length !== 1 || !first || !/^[A-Za-z0-9._]{1,30}$/.test(first) || INSTAGRAM_RESERVED.has(first.toLowerCase())) return undefined;
      return { platform: "instagram", url: `https://www.instagram.com/${first}`, handle: first };
    }
    case "youtube.com": {
      if (parts.length === 1 && first?.startsWith("@") && /^@[A-Za-z0-9._-]{3,30}$/.test(first)) {
        return { platform: "youtube", url: `https://www.youtube.com/${first}`, handle: first };
      }
      if (parts.length === 2 && first && second && ["channel", "c", "user"].includes(first) && /^[A-Za-z0-9_-]{2,100}$/.test(second)) {
        return { platform: "youtube", url: `https://www.youtube.com/${first}/${second}`, handle: second };
      }
      return undefined;
    }
    case "tiktok.com": {
      if (parts.length !== 1 || !first || !/^@[A-Za-z0-9._]{2,24}$/.test(first)) return undefined;
      return { platform: "tiktok", url: `https://www.tiktok.com/${first}`, handle: first };
    }
    default:
      return undefined;
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
