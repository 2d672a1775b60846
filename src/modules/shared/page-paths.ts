// Where each page lives, for links built elsewhere (sitemaps, e-mails). Under /p/: no REST path
// of the specification starts with it.
export const pagePaths = {
  analysis: (token: string) => `/p/analyses/${encodeURIComponent(token)}`,
  comparison: (token: string) => `/p/comparisons/${encodeURIComponent(token)}`,
  product: (alias: string) => `/p/products/${encodeURIComponent(alias)}`,
  ingredient: (alias: string) => `/p/ingredients/${encodeURIComponent(alias)}`,
  confirmEmail: (token: string) => `/p/email/confirm?token=${encodeURIComponent(token)}`,
  join: (invitedBy: string) => `/p/join?invited_by=${encodeURIComponent(invitedBy)}`,
};
