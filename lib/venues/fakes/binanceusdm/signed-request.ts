// Binance's checks on a request that needs a key: the X-MBX-APIKEY header, the HMAC-SHA256 signature over
// the query string followed by the body, and the timestamp inside recvWindow.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { FakeRequest, FakeResponse } from "../core/fake-server";
import { binanceError } from "./wire";
import type { BinanceUsdmVenue } from "./venue";

const DEFAULT_RECV_WINDOW = 5_000;
const MAX_RECV_WINDOW = 60_000;
const API_KEY = /^[A-Za-z0-9]{64}$/;

/** The request's parameters: the query string's, then the (form) body's. */
export function requestParams(req: FakeRequest): URLSearchParams {
  const params = new URLSearchParams(req.rawQuery);
  for (const [key, value] of new URLSearchParams(req.body)) params.append(key, value);
  return params;
}

/** The API key of a request that needs only a key (user data streams), or Binance's refusal. */
export function apiKeyOf(venue: BinanceUsdmVenue, req: FakeRequest): { apiKey: string } | { refusal: FakeResponse } {
  const header = req.headers["x-mbx-apikey"];
  const apiKey = Array.isArray(header) ? header[0] : header;
  if (apiKey === undefined || !API_KEY.test(apiKey)) return { refusal: binanceError(401, -2014, "API-key format invalid.") };
  if (!venue.secrets.has(apiKey)) return { refusal: binanceError(401, -2015, "Invalid API-key, IP, or permissions for action.") };
  return { apiKey };
}

/** The API key of a signed request whose signature and timestamp hold, or Binance's refusal. */
export function verifySigned(venue: BinanceUsdmVenue, req: FakeRequest, params: URLSearchParams, now: number): { apiKey: string } | { refusal: FakeResponse } {
  const key = apiKeyOf(venue, req);
  if ("refusal" in key) return key;
  const query = withoutSignature(req.rawQuery);
  const body = withoutSignature(req.body);
  const signature = query.signature ?? body.signature;
  if (signature === undefined) return { refusal: mandatory("signature") };
  const expected = createHmac("sha256", venue.secrets.get(key.apiKey)!)
    .update(query.text + body.text)
    .digest("hex");
  if (!sameHex(signature, expected)) return { refusal: binanceError(400, -1022, "Signature for this request is not valid.") };
  const timestamp = Number(params.get("timestamp"));
  if (!params.has("timestamp") || !Number.isSafeInteger(timestamp)) return { refusal: mandatory("timestamp") };
  const recvWindow = params.has("recvWindow") ? Number(params.get("recvWindow")) : DEFAULT_RECV_WINDOW;
  if (!Number.isSafeInteger(recvWindow) || recvWindow <= 0 || recvWindow > MAX_RECV_WINDOW) {
    return { refusal: binanceError(400, -1131, `recvWindow must be less than ${MAX_RECV_WINDOW}`) };
  }
  if (timestamp > now + 1_000) return { refusal: binanceError(400, -1021, "Timestamp for this request was 1000ms ahead of the server's time.") };
  if (now - timestamp > recvWindow) return { refusal: binanceError(400, -1021, "Timestamp for this request is outside of the recvWindow.") };
  return key;
}

export function mandatory(name: string): FakeResponse {
  return binanceError(400, -1102, `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`);
}

/** A parameter string without its `signature` parameter (which is not signed), and that signature. */
function withoutSignature(raw: string): { text: string; signature?: string } {
  const parts = raw === "" ? [] : raw.split("&");
  const at = parts.findIndex((p) => p.startsWith("signature="));
  if (at < 0) return { text: raw };
  const signature = decodeURIComponent(parts[at]!.slice("signature=".length));
  parts.splice(at, 1);
  return { text: parts.join("&"), signature };
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a.toLowerCase());
  const y = Buffer.from(b.toLowerCase());
  return x.length === y.length && timingSafeEqual(x, y);
}
