// Node's flags for every process that runs the server (npm start, npm run cluster, the browser tests'
// and the benches' servers), so what is measured is what runs.
//
// A young generation of 64 MiB a semi-space (Node 20's default is 16): a scrape builds a DOM of tens of
// thousands of nodes that lives for the request, and with the default most of it is copied out of the
// young generation before the request ends. Measured on the WCXB pages, whole extraction pipeline:
// ~58 → 70–80 pages/s, parsing alone ~160 → 190–275; the order path's bench moved within its noise
// (+5–15 %). The space is reserved, and taken only as the young generation grows (at most ~190 MiB).
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=64"];
