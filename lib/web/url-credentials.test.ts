import { describe, expect, it } from "vitest";
import { carriesCredentials, isSecretParameter, withoutCredentials } from "./url-credentials";

describe("credentials in URLs", () => {
  it.each([
    "token",
    "access_token",
    "id_token",
    "refresh-token",
    "accessToken",
    "api_key",
    "apiKey",
    "apikey",
    "key",
    "secret",
    "client_secret",
    "password",
    "pwd",
    "sig",
    "signature",
    "X-Amz-Signature",
    "X-Amz-Credential",
    "X-Amz-Security-Token",
    "X-Goog-Signature",
    "session",
    "session_id",
    "sessionId",
    "sid",
    "PHPSESSID",
    "jsessionid",
    "auth",
    "code",
  ])("takes %s for a secret", (name) => expect(isSecretParameter(name)).toBe(true));

  it.each(["q", "page", "id", "utm_source", "zip_code", "monkey", "keyword", "sort", "lang", "tokens_per_page", "signed_in"])("leaves %s alone", (name) =>
    expect(isSecretParameter(name)).toBe(false),
  );

  it("strips userinfo, secret parameters and path session ids, keeping the rest of the query as written", () => {
    expect(withoutCredentials("https://user:pa55@docs.example.com/a?q=rocket+engines&token=abc&page=2#top")).toBe(
      "https://docs.example.com/a?q=rocket+engines&page=2#top",
    );
    expect(withoutCredentials("https://cdn.example.com/f.html?X-Amz-Credential=AK%2F1&X-Amz-Signature=ff00")).toBe("https://cdn.example.com/f.html");
    expect(withoutCredentials("https://shop.example.com/cart;jsessionid=0A1B2C?item=3")).toBe("https://shop.example.com/cart?item=3");
    expect(withoutCredentials("https://example.com/plain?q=1")).toBe("https://example.com/plain?q=1");
  });

  it("says whether a URL carries any", () => {
    expect(carriesCredentials(new URL("https://a@example.com/"))).toBe(true);
    expect(carriesCredentials(new URL("https://example.com/?%61pi_key=1"))).toBe(true);
    expect(carriesCredentials(new URL("https://example.com/x;sid=9"))).toBe(true);
    expect(carriesCredentials(new URL("https://example.com/?q=token"))).toBe(false);
    expect(carriesCredentials(new URL("https://example.com/?"))).toBe(false);
  });
});
