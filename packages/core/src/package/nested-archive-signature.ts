/** Leading bytes that mark an archive or compressed stream, by kind. */
const SIGNATURES: readonly { readonly kind: string; readonly offset: number; readonly bytes: Buffer }[] = [
  { kind: 'zip', offset: 0, bytes: Buffer.from('PK\u0003\u0004', 'latin1') },
  { kind: 'zip', offset: 0, bytes: Buffer.from('PK\u0005\u0006', 'latin1') },
  { kind: 'zip', offset: 0, bytes: Buffer.from('PK\u0007\u0008', 'latin1') },
  { kind: 'gzip', offset: 0, bytes: Buffer.from([0x1f, 0x8b]) },
  { kind: 'tar', offset: 257, bytes: Buffer.from('ustar', 'latin1') },
  { kind: 'xz', offset: 0, bytes: Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]) },
  { kind: '7z', offset: 0, bytes: Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]) },
  { kind: 'zstd', offset: 0, bytes: Buffer.from([0x28, 0xb5, 0x2f, 0xfd]) },
  { kind: 'rar', offset: 0, bytes: Buffer.from('Rar!\u001a\u0007', 'latin1') },
];

/** Bytes of an entry's start needed to recognise every signature. */
export const NESTED_ARCHIVE_SNIFF_BYTES = 262;

/** Office and e-book formats are zip containers by design; they are documents, not archives. */
const DOCUMENT_CONTAINER_EXTENSIONS = new Set(['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'epub']);

/**
 * The kind of archive an entry's bytes start with (`zip`, `gzip`, `tar`, …), or undefined.
 * Document containers (`.docx`, `.xlsx`, `.pptx`, `.odt`, `.ods`, `.odp`, `.epub`) are allowed.
 * A nested archive is refused because its own expansion would escape the import limits.
 */
export function nestedArchiveKind(path: string, head: Buffer): string | undefined {
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  if (path.includes('.') && DOCUMENT_CONTAINER_EXTENSIONS.has(extension)) return undefined;
  return SIGNATURES.find(
    (signature) =>
      head.length >= signature.offset + signature.bytes.length &&
      head.subarray(signature.offset, signature.offset + signature.bytes.length).equals(signature.bytes),
  )?.kind;
}
