// User text drawn from a live frame, cleaned as the server cleans every read model's item (src/app/views.ts item):
// line ends normalised and bidi controls balanced per line, so a line drawn from a frame shows exactly what the
// read would have shown. core/text.ts is pure (no imports), the one runtime module of src/ the app bundles, so the
// rule lives in one place.
import { balanceBidi, normalizeLineEnds } from '../../../src/core/text.ts';

/** The text as a read model's item carries it. */
export function cleanText(text: string): string {
  return balanceBidi(normalizeLineEnds(text));
}
