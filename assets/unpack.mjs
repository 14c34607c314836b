// A worker that checks a kept snapshot against its digest and unpacks its heap (heap.mjs), both handed over
// without a copy. On a phone that is a few hundred ms, which on the page's main thread would lengthen the
// restore's one long task, the one a returning player's first tap may land in (interpreter.mjs).
import { sha256, unpack } from "./heap.mjs";

onmessage = async ({ data: { packed, digest } }) => {
  try {
    if (await sha256(packed) !== digest) throw new Error("the snapshot's digest is wrong");
    const heap = unpack(packed);
    postMessage(heap, [heap.buffer]);
  } catch (error) {
    postMessage(String(error));
  }
};
