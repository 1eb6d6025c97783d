// What a container's QR code carries, and what a keyboard-wedge scanner types into a search box:
// `LAB1:<item id>`. The version in the prefix lets a later label format be told apart.
const LABEL_PAYLOAD_PREFIX = 'LAB1:';

export function labelPayload(itemId: number): string {
  return `${LABEL_PAYLOAD_PREFIX}${itemId}`;
}

/** The item id of a scanned payload, or null when the text is not one. Tolerates surrounding
 *  spaces and a lower-case prefix (a scanner in the wrong keyboard case). */
export function parseLabelPayload(text: string): number | null {
  const m = /^\s*lab1:(\d{1,15})\s*$/i.exec(text);
  if (!m) return null;
  const id = Number(m[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
