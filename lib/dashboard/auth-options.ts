import "server-only";
import { hkdfSync } from "node:crypto";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { SiweError, verifySiweSignIn } from "../auth/siwe";
import { ownerForWallet, SignInError, signInWithPassword, signUpWithPassword } from "../auth/sign-in";
import { dashboardDeps } from "./services";

const SESSION_SECONDS = 7 * 24 * 3600;

/** next-auth's error code for a refused sign-in carries our message, so the page can show it. */
function refuse(err: unknown): never {
  if (err instanceof SiweError || err instanceof SignInError) throw new Error(err.message);
  throw err;
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
        async authorize(credentials) {
          if (!credentials?.email || !credentials.password) return null;
          try {
            const input = { email: credentials.email, password: credentials.password };
            const ownerId = credentials.mode === "sign-up" ? await signUpWithPassword(db, input) : await signInWithPassword(db, input);
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
