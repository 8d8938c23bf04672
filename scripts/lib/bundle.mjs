// esbuild's options for the server's bundles (dist/server.js, dist/extract-worker.js), shared with the
// benches that time the server's code as those bundles run it. Dependencies stay external.
export const SERVER_BUNDLE = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
};
