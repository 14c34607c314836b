// The interpreter's heap as the snapshot keeps it: packed by snapshot.mjs, checked and unpacked by
// unpack.mjs. Both are workers, so that a returning player's main thread never spends its boot on the bytes.

// Most of a heap is zeros (six pages in ten, seen here): only the rest is kept.
// [page size, the heap's length, how many pages kept, their numbers...], then those pages.
const PAGE = 65536;

export function pack(heap) {
  const kept = [];
  for (let start = 0; start < heap.length; start += PAGE) {
    const page = heap.subarray(start, start + PAGE);
    if (page.some((byte) => byte !== 0)) kept.push(start / PAGE);
  }
  const head = new Uint32Array([PAGE, heap.length, kept.length, ...kept]);
  const packed = new Uint8Array(head.byteLength + kept.length * PAGE);
  packed.set(new Uint8Array(head.buffer));
  kept.forEach((number, i) => packed.set(heap.subarray(number * PAGE, (number + 1) * PAGE), head.byteLength + i * PAGE));
  return packed.buffer;
}

// The pages that are not all zeros, put back in place.
export function unpack(packed) {
  const [page, length, count] = new Uint32Array(packed, 0, 3);
  const numbers = new Uint32Array(packed, 12, count);
  const pages = new Uint8Array(packed, 12 + 4 * count);
  if (pages.length !== count * page) throw new Error("the snapshot is not whole");
  const heap = new Uint8Array(length);
  numbers.forEach((number, i) => heap.set(pages.subarray(i * page, (i + 1) * page), number * page));
  return heap;
}

// The digest kept with the snapshot, of the whole packed heap: a truncated or damaged copy never matches.
export async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
