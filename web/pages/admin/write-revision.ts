// After a write an admin page reloads with `?rev=<revision>` of the entity's stream: its loader reads
// the document with `minRevision` (the views then hold the write) and the editors start over from it.

/** The `rev` parameter of the request, or null when absent or not a revision. */
export function revisionParam(request: Request): number | null {
  const value = new URL(request.url).searchParams.get('rev');
  if (value === null || !/^\d{1,12}$/.test(value)) return null;
  return Number(value);
}
