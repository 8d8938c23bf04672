import "server-only";
import { hkdfSync } from "node:crypto";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { SiweError, verifySiweSignIn } from "../auth/siwe";
import { ownerForWallet, SignInError, signInWithPassword, signUpWithPassword } from "../auth/sign-in";
import { CLIENT_IP_HEADER } from "../http/client-ip";
import { WorkGateFullError } from "../concurrency/work-gate";
import { dashboardDeps } from "./services";

const SESSION_SECONDS = 7 * 24 * 3600;

/** next-auth's error code for a refused sign-in carries our message, so the page can show it. */
function refuse(err: unknown): never {
  if (err instanceof SiweError || err instanceof SignInError) throw new Error(err.message);
  if (err instanceof WorkGateFullError) throw new Error("Too many sign-ins at once; try again in a moment.");
  throw err;
}

function headerValue(value: unknown): string | undefined {
  return typeof value === "string" && value ? value : undefined;
}

/** Dashboard sign-in: Sign-In with Ethereum or email and password, one owner record either way. */
export function authOptions(): NextAuthOptions {
  const deps = dashboardDeps();
  const db = deps.database.db;
  return {
    // Sessions are signed with a key derived from the server secret, not the secret itself.
    secret: Buffer.from(hkdfSync("sha256", deps.secret, "bourse", "next-auth-session", 32)).toString("base64url"),
    session: { strategy: "jwt", maxAge: SESSION_SECONDS },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    providers: [
      CredentialsProvider({
        id: "siwe",
        name: "Ethereum",
        credentials: { message: { type: "text" }, signature: { type: "text" } },
        async authorize(credentials) {
          if (!credentials?.message || !credentials.signature) return null;
          try {
            const address = await verifySiweSignIn(
              { db, clock: deps.clock, origin: deps.config.publicUrl, rpcUrl: deps.config.siweRpcUrl },
              { message: credentials.message, signature: credentials.signature },
            );
            const ownerId = await ownerForWallet(db, address);
            return { id: ownerId, name: `${address.slice(0, 6)}…${address.slice(-4)}` };
          } catch (err) {
            refuse(err);
          }
        },
      }),
      CredentialsProvider({
        id: "password",
        name: "Email",
        credentials: { email: { type: "email" }, password: { type: "password" }, mode: { type: "text" } },
        async authorize(credentials, req) {
          if (!credentials?.email || !credentials.password) return null;
          try {
            const input = { email: credentials.email, password: credentials.password };
            const ip = headerValue(req.headers?.[CLIENT_IP_HEADER]);
            const ownerId = await deps.signInThrottle.attempt(
              { email: input.email, ip },
              () => (credentials.mode === "sign-up" ? signUpWithPassword(db, input) : signInWithPassword(db, input)),
              (err) => err instanceof SignInError,
              (seconds) => new SignInError(`Too many failed sign-ins; try again in ${seconds} s.`),
            );
            return { id: ownerId, name: credentials.email.trim().toLowerCase() };
          } catch (err) {
            refuse(err);
          }
        },
      }),
    ],
    callbacks: {
      jwt: ({ token, user }) => (user ? { ...token, sub: user.id, name: user.name } : token),
      session: ({ session, token }) => ({ ...session, ownerId: token.sub ?? "", user: { name: token.name ?? null } }),
    },
  };
}
