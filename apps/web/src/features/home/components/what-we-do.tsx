import type { ReactNode } from 'react';

interface Service {
  title: string;
  text: string;
  icon: ReactNode;
}

const iconProps = {
  viewBox: '0 0 24 24',
  className: 'size-7',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

export const SERVICES: readonly Service[] = [
  {
    title: 'Truck Selection',
    text: 'Pick parts by brand, make, year and model. Every listing shows pictures, specifications and the vehicles it fits.',
    icon: (
      <svg {...iconProps}>
        <circle cx="11" cy="11" r="6.5" />
        <path d="m20 20-4.2-4.2" />
      </svg>
    ),
  },
  {
    title: 'Truck Order',
    text: 'Order in a single click, pay securely by card, and follow every order from your account. Fleets can apply for credit.',
    icon: (
      <svg {...iconProps}>
        <path d="M3 4h2l2.4 11.2a1.5 1.5 0 0 0 1.5 1.2h8.6a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2" />
        <circle cx="9.5" cy="20" r="1.2" />
        <circle cx="17" cy="20" r="1.2" />
      </svg>
    ),
  },
  {
    title: 'Express Delivery',
    text: 'Orders ship within one business day to all 48 contiguous states, with no extra shipping charges.',
    icon: (
      <svg {...iconProps}>
        <path d="M2 6h11v10H2zM13 9h4.5l3.5 3.5V16h-8z" />
        <circle cx="6" cy="17.5" r="1.8" />
        <circle cx="17" cy="17.5" r="1.8" />
      </svg>
    ),
  },
];

/** The home page's three services. */
export function WhatWeDo() {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {SERVICES.map((service) => (
        <li
          key={service.title}
          className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <span className="inline-flex size-12 items-center justify-center rounded-xl bg-red-50 text-red-700">
            {service.icon}
          </span>
          <h3 className="text-lg font-semibold text-slate-900">{service.title}</h3>
          <p className="leading-relaxed text-slate-600">{service.text}</p>
        </li>
      ))}
    </ul>
  );
}
