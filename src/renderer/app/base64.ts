// File bytes as base64 for a JSON call body, in slices: spreading a whole large array into one
// String.fromCharCode call overflows the argument stack.
export function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}
