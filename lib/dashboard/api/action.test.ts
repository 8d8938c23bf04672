import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiClientError } from "../../client/http";

vi.mock("server-only", () => ({}));
const revalidatePath = vi.fn();
vi.mock("next/cache", () => ({ revalidatePath: (path: string) => revalidatePath(path) }));
const requireOwnerId = vi.fn(async (_returnTo: string) => "owner-1");
vi.mock("../session", () => ({ requireOwnerId: (returnTo: string) => requireOwnerId(returnTo) }));
const logError = vi.fn();
vi.mock("../services", () => ({ dashboardDeps: () => ({ log: { error: logError } }) }));

const { ownerAction } = await import("./action");

const spec = { page: "/keys", doing: "rename the key", input: z.object({ name: z.string().min(1) }), revalidate: true };

beforeEach(() => {
  vi.clearAllMocks();
});

describe("ownerAction", () => {
  it("re-reads the session for the page, passes the parsed input and the owner, and revalidates the page", async () => {
    const call = vi.fn(async (ownerId: string, input: { name: string }) => `${ownerId}:${input.name}`);
    expect(await ownerAction(spec, { name: "a" }, call)).toEqual({ ok: true, value: "owner-1:a" });
    expect(requireOwnerId).toHaveBeenCalledWith("/keys");
    expect(revalidatePath).toHaveBeenCalledWith("/keys");
  });

  it("answers bad input with a 400 naming the field, without calling", async () => {
    const call = vi.fn();
    expect(await ownerAction(spec, { name: "" }, call)).toEqual({
      ok: false,
      error: expect.stringMatching(/^name: /),
      code: "BAD_REQUEST",
      status: 400,
      requestId: null,
    });
    expect(call).not.toHaveBeenCalled();
    expect(await ownerAction({ ...spec, invalidMessage: () => "Name it." }, {}, call)).toMatchObject({ ok: false, error: "Name it." });
  });

  it("passes the API's refusal on with its code, status and request id; a 404 re-renders the stale page", async () => {
    const refused = new ApiClientError("No agent key with that id belongs to this owner.", 404, "NOT_FOUND", "req-1");
    expect(await ownerAction(spec, { name: "a" }, () => Promise.reject(refused))).toEqual({
      ok: false,
      error: "No agent key with that id belongs to this owner.",
      code: "NOT_FOUND",
      status: 404,
      requestId: "req-1",
    });
    expect(revalidatePath).toHaveBeenCalledWith("/keys");
    expect(logError).not.toHaveBeenCalled();
  });

  it("logs an unexpected failure and shows a plain message without its internals", async () => {
    const result = await ownerAction(spec, { name: "a" }, () => Promise.reject(new Error("socket hang up at 10.0.0.3")));
    expect(result).toEqual({
      ok: false,
      error: "Could not rename the key: an unexpected failure on the server (it is logged).",
      code: "UNEXPECTED",
      status: 0,
      requestId: null,
    });
    expect(logError).toHaveBeenCalledOnce();
    expect(revalidatePath).not.toHaveBeenCalled();
  });
});
