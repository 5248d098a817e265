// Types for photos.js, which stays plain JavaScript so the bench runs without a compile step.
import type { Exif } from 'sharp';

export interface DrawOptions {
  width?: number;
  height?: number;
  seed?: number;
  quality?: number;
  exif?: Exif;
  orientation?: number;
}

/** A JPEG that encodes like a camera photo (a drawn scene with sensor noise). */
export declare function drawPhoto(options?: DrawOptions): Promise<Buffer>;

/** EXIF GPS tags as a phone writes them. */
export declare const GPS_EXIF: Exif;
