/** Photos as a phone's camera makes them, for the tests of photos added on the phone. */
import sharp from 'sharp';

/** A photo as a phone's camera leaves it: EXIF with the GPS position (IFD3). */
export async function photoWithLocation(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 110, b: 160 } } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: 'Phone', Model: 'Camera' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '9/1 58/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '76/1 17/1 0/1' },
    })
    .toBuffer();
}

/** Whether EXIF bytes hold the pointer to the GPS block (tag 0x8825), in either byte order. */
export const hasGps = (exif: Buffer | undefined) =>
  exif !== undefined && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));
