/**
 * A look at the HDF5 superblock before handing bytes to h5wasm: it records the file's end-of-file address,
 * so an interrupted download is reported as NetcdfTruncatedError with both sizes, instead of as an HDF5
 * library error (HDF5 Format Specification, "Superblock", versions 0–3).
 */
import { NetcdfFormatError, NetcdfTruncatedError } from '../errors.ts';

/** The end-of-file address the superblock declares, or null when it cannot be read (left to HDF5). */
function declaredHdf5Length(bytes: Uint8Array): number | null {
  if (bytes.length < 12) throw new NetcdfTruncatedError(`HDF5 file truncated: only ${bytes.length} bytes`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = bytes[8];
  let offsetSize: number;
  let eofAt: number;
  if (version === 0 || version === 1) {
    offsetSize = bytes[13];
    // signature 8, versions 5, reserved 1... then K values and flags: 24 bytes (+4 in version 1).
    const addresses = version === 0 ? 24 : 28;
    eofAt = addresses + 2 * offsetSize; // base address, free-space address, then end-of-file address
  } else if (version === 2 || version === 3) {
    offsetSize = bytes[9];
    eofAt = 12 + 2 * offsetSize; // base address, superblock-extension address, then end-of-file address
  } else {
    throw new NetcdfFormatError(`unknown HDF5 superblock version ${version}`);
  }
  if (offsetSize !== 4 && offsetSize !== 8) return null;
  if (eofAt + offsetSize > bytes.length) {
    throw new NetcdfTruncatedError(`HDF5 file truncated inside its superblock (${bytes.length} bytes)`);
  }
  const eof = offsetSize === 8 ? view.getBigUint64(eofAt, true) : BigInt(view.getUint32(eofAt, true));
  if (eof === (offsetSize === 8 ? 0xffffffffffffffffn : 0xffffffffn)) return null; // "undefined address"
  return Number(eof);
}

export function checkHdf5Length(bytes: Uint8Array): void {
  const declared = declaredHdf5Length(bytes);
  if (declared !== null && declared > bytes.length) {
    throw new NetcdfTruncatedError(`file truncated: the HDF5 superblock says ${declared} bytes, got ${bytes.length}`);
  }
}
