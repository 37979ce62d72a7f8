import { useState } from 'react';
import { imageSources, type ImageKind } from '@/lib/responsive-image';

type AvatarSize = 'sm' | 'lg';

const sizes: Record<AvatarSize, { box: string; text: string; kind: ImageKind }> = {
  sm: { box: 'size-9', text: 'text-sm', kind: 'avatar' },
  lg: { box: 'size-24', text: 'text-3xl', kind: 'avatar-lg' },
};

/** "Ada Lovelace" → "AL"; one word → its first letter; nothing usable → "?". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase() || '?';
}

interface AvatarProps {
  name: string;
  image: string | null | undefined;
  size?: AvatarSize;
  className?: string;
}

/** The account photo, or the name's initials in a circle when there is none (or it fails to load). */
export function Avatar({ name, image, size = 'sm', className = '' }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const { box, text, kind } = sizes[size];

  if (image && failedSrc !== image) {
    return (
      <img
        {...imageSources(image, kind)}
        alt={name}
        decoding="async"
        className={`${box} shrink-0 rounded-full bg-slate-200 object-cover ring-2 ring-white ${className}`}
        onError={() => setFailedSrc(image)}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={name}
      className={`${box} ${text} inline-flex shrink-0 select-none items-center justify-center rounded-full bg-slate-900 font-bold text-white ring-2 ring-white ${className}`}
    >
      <span aria-hidden="true">{initialsOf(name)}</span>
    </span>
  );
}
