// Where each page lives, for links built elsewhere (sitemaps, e-mails). Under /p/: no REST path
// of the specification starts with it.
export const pagePaths = {
  analysis: (token: string) => `/p/analyses/${encodeURIComponent(token)}`,
  comparison: (token: string) => `/p/comparisons/${encodeURIComponent(token)}`,
  product: (alias: string) => `/p/products/${encodeURIComponent(alias)}`,
  ingredient: (alias: string) => `/p/ingredients/${encodeURIComponent(alias)}`,
  routine: (id: string) => `/p/routines/${encodeURIComponent(id)}`,
  /** What changed between two versions of a product's ingredient list (the digest links here). */
  productChanges: (alias: string, from: number, to: number) =>
    `/p/products/${encodeURIComponent(alias)}/changes?from=${from}&to=${to}`,
  confirmEmail: (token: string) => `/p/email/confirm?token=${encodeURIComponent(token)}`,
  join: (invitedBy: string) => `/p/join?invited_by=${encodeURIComponent(invitedBy)}`,
};
