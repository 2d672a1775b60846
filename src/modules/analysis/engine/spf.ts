// The SPF a product's name or label states, read once for every reader (issue 41: search, analysis and planning
// read SPF through this one function). Pure.
//
// Spellings read, as labels print them: "SPF 30", "SPF30", "spf50+", "SPF 50 PA++++", "SPF-15", "SPF: 30",
// German "LSF 30" (Lichtschutzfaktor), French/Spanish/Portuguese/Italian "FPS 50"; each only with a number. A number above 100 is not an SPF (labels cap at "50+"; ISO 24444
// measures to 100), and "SPF" without a number states nothing.

// At most four spaces, hyphens or colons between the word and its number: a bounded run reads in linear time.
const SPF = /\b(?:spf|lsf|fps)[\s:-]{0,4}(\d{1,3})(\+)?(?!\d)/giu;
const BROAD_SPECTRUM = /\bbroad[\s-]+spectrum\b/i;

export interface SpfReading {
  /** The highest SPF the text states (50 for "50+"); null when none is readable. */
  spf: number | null;
  /** "Broad spectrum", a US label term (other markets print other UVA marks). */
  broadSpectrum: boolean;
}

/** Reads the SPF stated in any of the texts (a name, a label's text); the highest when several are stated. */
export function readSpf(...texts: Array<string | null | undefined>): SpfReading {
  let spf: number | null = null;
  let broadSpectrum = false;
  for (const text of texts) {
    if (!text) continue;
    for (const m of text.matchAll(SPF)) {
      const value = Number(m[1]);
      if (value >= 2 && value <= 100 && (spf === null || value > spf)) spf = value;
    }
    if (BROAD_SPECTRUM.test(text)) broadSpectrum = true;
  }
  return { spf, broadSpectrum };
}

/** The SQL pattern (PostgreSQL `~*`) a name must match to state an SPF: the catalog's candidate read uses it. */
export const SPF_SQL_PATTERN = '(spf|lsf|fps)\\s*[-:]?\\s*[0-9]';
