import { useEffect, useId, useState, type FocusEvent } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { usePrefersReducedMotion } from '@/hooks/use-prefers-reduced-motion';
import { usePreloadImage } from '@/lib/render-context';
import { imageSources } from '@/lib/responsive-image';

export interface HeroSlide {
  image: string;
  /** Empty when the illustration only decorates the headline beside it. */
  alt: string;
  eyebrow: string;
  headline: string;
  text: string;
  cta: { label: string; to: string };
}

export const HERO_SLIDES: readonly HeroSlide[] = [
  {
    image: '/images/hero/slide-1.svg',
    alt: '',
    eyebrow: 'Delivered within 24 hours',
    headline: 'Genuine motorcycle parts at your door by tomorrow',
    text: 'Brake pads, headlights, shock absorbers and wheels for the brands you ride, with no extra shipping charges.',
    cta: { label: 'Shop all parts', to: '/parts' },
  },
  {
    image: '/images/hero/slide-2.svg',
    alt: '',
    eyebrow: 'The exact fit, every time',
    headline: 'Find parts by brand, make, year and model',
    text: 'Every part comes with pictures, full specifications and a fitment table, so you order the right one first time.',
    cta: { label: 'Browse brake pads', to: '/parts?category=brake-pads' },
  },
  {
    image: '/images/hero/slide-3.svg',
    alt: '',
    eyebrow: 'Support 24*7',
    headline: 'Discounted prices across 48 states',
    text: 'Single-click ordering, credit applications for fleets and vendors, and real help around the clock.',
    cta: { label: 'About Pitstop Parts', to: '/about' },
  },
];

const ROTATE_MS = 7000;

function ChevronIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 20 20" className="size-5" fill="none" aria-hidden="true">
      <path
        d={direction === 'left' ? 'M12.5 4.5 7 10l5.5 5.5' : 'M7.5 4.5 13 10l-5.5 5.5'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function PlayPauseIcon({ playing }: { playing: boolean }) {
  return (
    <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
      {playing ? <path d="M6 4h3v12H6zM11 4h3v12h-3z" /> : <path d="M6 4l10 6-10 6z" />}
    </svg>
  );
}

const controlClass =
  'inline-flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-900 shadow-sm hover:bg-slate-100';

/**
 * A hand-built carousel following the WAI-ARIA APG pattern: slides move by transform, hidden
 * slides are inert, and auto-rotation (off under prefers-reduced-motion) stops while the pointer
 * or focus is inside and whenever the visitor presses the pause button.
 */
export function HeroCarousel({ slides = HERO_SLIDES }: { slides?: readonly HeroSlide[] }) {
  const id = useId();
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const count = slides.length;
  // The first slide is the home page's largest paint.
  usePreloadImage(slides[0] ? imageSources(slides[0].image, 'hero') : null);
  const rotating = playing && !reducedMotion && !hovered && !focused && count > 1;

  // The timer is the outside system here; restarting it on every slide change keeps the full
  // interval after a manual move.
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), ROTATE_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, index, count]);

  const show = (next: number) => setIndex(((next % count) + count) % count);

  function handleBlur(event: FocusEvent<HTMLElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Highlights"
      className="flex flex-col gap-4"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={handleBlur}
    >
      <div className="overflow-hidden rounded-3xl bg-slate-900">
        <div
          id={`${id}-slides`}
          aria-live={rotating ? 'off' : 'polite'}
          className="flex transition-transform duration-500 ease-out motion-reduce:transition-none"
          style={{ transform: `translateX(-${index * 100}%)` }}
        >
          {slides.map((slide, i) => (
            <div
              key={slide.image}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              inert={i !== index}
              className="relative flex w-full shrink-0 flex-col md:block"
            >
              <img
                {...imageSources(slide.image, 'hero')}
                alt={slide.alt}
                // The later slides are out of view for seconds: they wait behind what is in view.
                {...(i === 0
                  ? { fetchPriority: 'high' as const }
                  : { loading: 'lazy' as const, fetchPriority: 'low' as const })}
                decoding={i === 0 ? 'sync' : 'async'}
                className="aspect-[5/2] w-full bg-slate-800 object-cover"
              />
              <div className="flex flex-1 flex-col items-start gap-3 bg-slate-900 p-6 text-white md:absolute md:inset-y-6 md:left-6 md:max-w-md md:justify-center md:rounded-2xl md:bg-slate-950/85 md:p-8 lg:inset-y-10 lg:left-10 lg:max-w-lg">
                <p className="text-sm font-semibold uppercase tracking-wide text-red-300">{slide.eyebrow}</p>
                <h2 className="text-2xl font-bold leading-tight tracking-tight text-balance sm:text-3xl lg:text-4xl">
                  {slide.headline}
                </h2>
                <p className="text-slate-200 md:text-lg">{slide.text}</p>
                <Link to={slide.cta.to} className={buttonStyles('primary', 'md', 'mt-2')}>
                  {slide.cta.label}
                </Link>
              </div>
            </div>
          ))}
        </div>
      </div>

      <div className="flex items-center justify-between gap-4">
        <div className="flex items-center gap-1">
          {slides.map((slide, i) => (
            <button
              key={slide.image}
              type="button"
              aria-label={`Show slide ${i + 1} of ${count}`}
              aria-current={i === index ? 'true' : undefined}
              aria-controls={`${id}-slides`}
              onClick={() => show(i)}
              className="group inline-flex size-8 items-center justify-center rounded-full"
            >
              <span
                className={`block h-2.5 rounded-full transition-all ${
                  i === index ? 'w-6 bg-red-700' : 'w-2.5 bg-slate-500 group-hover:bg-slate-700'
                }`}
              />
            </button>
          ))}
        </div>
        <div className="flex items-center gap-2">
          {!reducedMotion && count > 1 ? (
            <button
              type="button"
              className={controlClass}
              onClick={() => setPlaying((p) => !p)}
              aria-label={playing ? 'Stop automatic slide show' : 'Start automatic slide show'}
            >
              <PlayPauseIcon playing={playing} />
            </button>
          ) : null}
          <button
            type="button"
            className={controlClass}
            aria-label="Previous slide"
            aria-controls={`${id}-slides`}
            onClick={() => show(index - 1)}
          >
            <ChevronIcon direction="left" />
          </button>
          <button
            type="button"
            className={controlClass}
            aria-label="Next slide"
            aria-controls={`${id}-slides`}
            onClick={() => show(index + 1)}
          >
            <ChevronIcon direction="right" />
          </button>
        </div>
      </div>
    </section>
  );
}
