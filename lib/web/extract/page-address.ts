// What a page's address says about its kind. Sites lay out their addresses by convention: a site's
// front page sits at the root, documentation under a docs host or a docs folder. Read beside the page's
// own declarations and structure, never instead of them (page-type.ts, main-content.ts).

export interface AddressHints {
  /** The site's front page (the root path, whatever the query): a listing or a service page, never one story. */
  readonly home: boolean;
  /** A documentation host (`docs.`, `developer.`…) or a documentation folder (`/docs/`, `/reference/`…). */
  readonly docs: boolean;
  /**
   * A thread, as forum engines address theirs: phpBB's and FluxBB's `viewtopic.php`, vBulletin's
   * `showthread.php`, XenForo's `/threads/<slug>.<id>`, Discourse's `/t/<slug>/<id>`, Invision's
   * `/topic/<id>-<slug>`, Flarum's `/d/<id>-<slug>`, SMF's `?topic=<id>`.
   */
  readonly thread: boolean;
  /**
   * An index of a site's items: WordPress's `/category/<slug>/` and `/tag/<slug>/`, Shopify's
   * `/collections/<slug>` (not a product addressed under its collection, `/collections/<slug>/products/<item>`).
   */
  readonly index: boolean;
}

const NO_HINTS: AddressHints = { home: false, docs: false, thread: false, index: false };

const THREAD_PATH = /\/(?:viewtopic|showthread|showtopic)\.php$|\/threads\/[^/]+|\/t\/[^/]+\/\d+|\/topic\/\d+|\/d\/\d+-/i;
const THREAD_QUERY = /(?:^|&)topic=\d/;

const INDEX_FOLDER = /^(?:category|categories|tag|tags|collections)$/;
const ITEM_FOLDER = /^(?:products?|p)$/;

const DOCS_HOST = /^(docs?|developers?|devdocs)\./;
const DOCS_FOLDER = /^(docs?|documentation|reference|manual|handbook|api-docs|user-?guide)$/;

export function addressHints(pageUrl: string | undefined): AddressHints {
  if (!pageUrl) return NO_HINTS;
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return NO_HINTS;
  }
  const folders = url.pathname.split("/").filter((s) => s !== "");
  // The last segment is the page itself: a page named "docs" is as likely an overview of a product.
  return {
    home: folders.length === 0,
    docs: DOCS_HOST.test(url.hostname) || folders.slice(0, -1).some((s) => DOCS_FOLDER.test(s.toLowerCase())),
    thread: THREAD_PATH.test(url.pathname) || THREAD_QUERY.test(url.search.slice(1)),
    index: isIndexPath(folders.map((s) => s.toLowerCase())),
  };
}

/** A folder naming an index with the index's own name after it, and no item's folder under it. */
function isIndexPath(folders: readonly string[]): boolean {
  const at = folders.findIndex((s, i) => i < folders.length - 1 && INDEX_FOLDER.test(s));
  return at >= 0 && !folders.slice(at + 1).some((s) => ITEM_FOLDER.test(s));
}
