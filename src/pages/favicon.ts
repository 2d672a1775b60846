// The site's icon: a drop on a leaf-green disc, drawn as SVG and served as /favicon.ico (an ICO holding
// one 32 × 32 PNG, which every browser reads), made once on the first request.
import sharp from 'sharp';

export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
<circle cx="16" cy="16" r="16" fill="#2f6b4f"/>
<path d="M16 5c4.5 6 8 10.2 8 14.2A8 8 0 0 1 8 19.2C8 15.2 11.5 11 16 5z" fill="#f4f1ea"/>
<path d="M12.5 19.5a3.5 3.5 0 0 0 3.5 3.5" stroke="#2f6b4f" stroke-width="1.6" fill="none" stroke-linecap="round"/>
</svg>`;

/** An ICO file of one PNG image (the ICONDIR header, one ICONDIRENTRY, then the PNG itself). */
export function icoOfPng(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size >= 256 ? 0 : size, 6); // width
  header.writeUInt8(size >= 256 ? 0 : size, 7); // height
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14); // size of the image
  header.writeUInt32LE(22, 18); // where it starts
  return Buffer.concat([header, png]);
}

let made: Promise<Buffer> | null = null;

/** /favicon.ico's bytes. */
export function favicon(): Promise<Buffer> {
  made ??= sharp(Buffer.from(FAVICON_SVG))
    .resize(32, 32)
    .png()
    .toBuffer()
    .then((png) => icoOfPng(png, 32));
  return made;
}
