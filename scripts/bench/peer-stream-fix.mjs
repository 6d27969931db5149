// Preloaded into the peer gateway for streamed calls only: Portkey's gateway appends its x-portkey-*
// headers to the vendor's streamed Response as fetch returned it, whose headers are immutable on
// Node, and answers 500 "Something went wrong" (TypeError: immutable; Portkey-AI/gateway#1550, open,
// fix proposed in #1551). Each vendor answer is handed over as a new Response with the same status,
// headers and body stream, which is what that fix does; the body is not read or copied.
const vendorFetch = globalThis.fetch;

globalThis.fetch = async (...args) => {
  const response = await vendorFetch(...args);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers: response.headers });
};
