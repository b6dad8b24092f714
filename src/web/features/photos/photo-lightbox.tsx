import Lightbox, { useLightboxState, type SlideImage } from 'yet-another-react-lightbox';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/counter.css';

interface PhotoLightboxProps {
  slides: SlideImage[];
  /** The slide shown, -1 when closed. */
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/**
 * A log's photos shown large: arrows, swipe and the Left/Right keys move between them, Escape
 * or a click beside the photo closes, a counter says where one is ('2 / 5'). Loaded lazily.
 */
export default function PhotoLightbox({
  slides,
  index,
  onIndexChange,
  onClose,
}: PhotoLightboxProps) {
  return (
    <Lightbox
      open={index >= 0}
      index={Math.max(index, 0)}
      slides={slides}
      close={onClose}
      on={{ view: ({ index: shown }) => onIndexChange(shown) }}
      plugins={[Counter]}
      carousel={{ finite: true, preload: 1 }}
      controller={{ closeOnBackdropClick: true }}
      toolbar={{ buttons: [<OpenOriginal key="original" />, 'close'] }}
      labels={{
        Lightbox: 'Photos',
        'Photo gallery': 'Photos',
        Previous: 'Previous photo',
        Next: 'Next photo',
      }}
    />
  );
}

/** The file itself in a new tab, so nothing the card used to link to is out of reach. */
function OpenOriginal() {
  const { currentSlide } = useLightboxState();
  if (!currentSlide || !('src' in currentSlide)) return null;
  return (
    <a
      href={currentSlide.src}
      target="_blank"
      rel="noopener noreferrer"
      className="yarl__button"
      aria-label="Open original"
      title="Open original"
    >
      <ExternalLinkIcon />
    </a>
  );
}

/**
 * Lucide's external-link drawn here: importing it from lucide-react would move the icon
 * helper every page shares into a chunk of its own.
 */
function ExternalLinkIcon() {
  return (
    <svg
      className="yarl__icon"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M15 3h6v6" />
      <path d="M10 14 21 3" />
      <path d="M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" />
    </svg>
  );
}
