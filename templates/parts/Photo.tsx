import type { SlotName } from '../../generator/contract/photo-slots.js';
import type { Photos } from '../../generator/contract/photo.js';

interface PhotoProps {
  photos: Photos;
  slot: SlotName;
  image: { src: string; alt: string };
  className?: string;
}

/**
 * A content photo: AVIF, then WebP, then JPEG, each at the widths made for its slot, so each
 * browser takes the smallest file that fills the space. Width and height hold the original's
 * proportions, so the space is kept before the file arrives; only the hero loads at once.
 */
export function Photo({ photos, slot, image, className }: PhotoProps) {
  const photo = photos.get(slot, image.src);
  if (!photo) throw new Error(`The photo ${image.src} (${slot}) was not processed before rendering`);
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={photo.avif} sizes={photo.sizes} />
      <source type="image/webp" srcSet={photo.webp} sizes={photo.sizes} />
      <img
        src={photo.src}
        srcSet={photo.jpeg}
        sizes={photo.sizes}
        width={photo.width}
        height={photo.height}
        alt={image.alt}
        loading={photo.priority ? 'eager' : 'lazy'}
        decoding={photo.priority ? undefined : 'async'}
        fetchPriority={photo.priority ? 'high' : undefined}
      />
    </picture>
  );
}
