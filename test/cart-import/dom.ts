// The adapters read a DOM; in Node the tests parse pages with linkedom (the extension uses the
// browser's DOMParser on the same text). A browser builds <html>/<body> around any text;
// linkedom does not, so text without its own <html> gets them here.
import { DOMParser } from 'linkedom';

export function parseHtml(html: string): Document {
  const full = /<html[\s>]/i.test(html) ? html : `<!doctype html><html><head></head><body>${html}</body></html>`;
  return new DOMParser().parseFromString(full, 'text/html') as unknown as Document;
}
