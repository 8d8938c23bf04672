import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Authenticated encryption (AES-256-GCM) of small secrets at rest, with a key derived from the
 * server secret for one purpose, so that a value sealed for one use cannot be opened as another.
 */
export interface SecretBox {
  seal(plaintext: string): string;
  /** Throws when the value was not sealed by this box (wrong secret, wrong purpose or tampered). */
  open(sealed: string): string;
}

const VERSION = "v1";

export function secretBox(serverSecret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync("sha256", serverSecret, "bourse", `secret-box:${purpose}`, 32));
  const aad = Buffer.from(purpose);
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(aad);
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return [VERSION, iv.toString("base64url"), body.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
    },
    open(sealed) {
      const [version, iv, body, tag] = sealed.split(".");
      if (version !== VERSION || !iv || body === undefined || !tag) throw new Error("not a sealed value");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAAD(aad);
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}
