import type { Occupancy } from '@sawari/domain';

const LOOK: Record<Occupancy, { filled: number; color: string }> = {
  seats: { filled: 1, color: '#15803d' },
  standing: { filled: 2, color: '#b45309' },
  overcrowded: { filled: 3, color: '#b91c1c' },
};

/** Spec §4 occupancy icon: one, two or three filled figures (seats, standing, overcrowded). The text says the same. */
export function OccupancyIcon({ level }: { level: Occupancy }) {
  const { filled, color } = LOOK[level];
  return (
    <svg width="30" height="16" viewBox="0 0 30 16" aria-hidden="true" focusable="false" style={{ verticalAlign: '-3px' }}>
      {[0, 1, 2].map((i) => (
        <g key={i} fill={i < filled ? color : 'none'} stroke={color} strokeWidth="1.2">
          <circle cx={5 + i * 10} cy="4" r="2.6" />
          <path d={`M${1 + i * 10} 15 v-4 a4 4 0 0 1 8 0 v4 z`} />
        </g>
      ))}
    </svg>
  );
}
