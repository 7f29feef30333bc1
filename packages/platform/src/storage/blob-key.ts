const SAFE_KEY = /^[a-zA-Z0-9/_.-]+$/;

/**
 * The one rule for blob keys in every store: letters, digits and `/_.-`, never `..`. Keys are built
 * by the services from ids, so anything else is a bug or an attack, refused before any I/O.
 */
export function checkBlobKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe blob key ${key}`);
  return key;
}
