// A supplier adapter: which pages are its cart, how to read the cart rows, how to read a detail
// page. Both readers take a DOM: the live cart page in the content script, a parsed document for
// a fetched detail page (DOMParser in the popup; a DOM implementation in the unit tests).

/** Basic data of one cart row: what the cart page itself shows. */
export interface CartRow {
  /** Stable within one cart read (supplier SKU or row position). */
  row_id: string;
  name: string;
  quantity: number;
  unit_price: number | null;
  hazardous: boolean;
  /** Absolute URL of the product's detail page, or '' when the row links none. */
  detail_url: string;
  product_id: string;
  /** Pack size as ordered (e.g. `500mL`). */
  specification: string;
  brand: string;
}

/** What a detail page adds. Absent fields stay as the cart row had them. */
export interface DetailFields {
  name?: string;
  english_name?: string;
  /** Purity / grade (规格或纯度); the cart row's pack is appended by the caller. */
  purity?: string;
  product_id?: string;
  /** CAS as printed on the page (any shape); classification parses it. */
  cas_raw?: string;
  brand?: string;
  hazardous?: boolean;
}

export interface SupplierAdapter {
  id: string;
  /** Shown to the user (Chinese trade name). */
  label: string;
  isCartUrl(url: URL): boolean;
  readCart(page: ParentNode, pageUrl: string): CartRow[];
  /** null when the page does not have this supplier's structure (→ `parse_error`). */
  parseDetail(doc: Document, url: string): DetailFields | null;
}
