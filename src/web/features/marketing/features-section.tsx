import { CalendarClock, Check, LayoutGrid, type LucideIcon, Users } from 'lucide-react';
import type { ComponentType } from 'react';
import { cn } from '#web/lib/cn.ts';
import { BookingDialogIllustration } from './illustrations/booking-dialog-illustration.tsx';
import { FloorPlanIllustration } from './illustrations/floor-plan-illustration.tsx';
import { TeamIllustration } from './illustrations/team-illustration.tsx';
import { SectionHeading } from './section-heading.tsx';

interface Feature {
  id: string;
  icon: LucideIcon;
  label: string;
  title: string;
  body: string;
  points: string[];
  Picture: ComponentType<{ className?: string }>;
}

const features: readonly Feature[] = [
  {
    id: 'feature-floor-plan',
    icon: LayoutGrid,
    label: 'Visual floor plans',
    title: 'See every desk at a glance',
    body: 'Upload a plan of your office and Perch turns it into a live map. Each desk is colour-coded for the day you pick, so finding a free seat takes seconds, not a walk around the building.',
    points: [
      'Green for available, orange for partly booked, red for fully reserved',
      'Real-time updates the moment a colleague books',
      'Permanent desks clearly marked as blocked',
    ],
    Picture: FloorPlanIllustration,
  },
  {
    id: 'feature-booking',
    icon: CalendarClock,
    label: 'Click-to-book',
    title: 'Book in one click, with no double bookings',
    body: 'Click a desk, choose the day and a slot, done. Conflict prevention is built in: a taken slot cannot be booked twice, and Perch suggests another desk when yours is busy.',
    points: [
      'Full day (9 AM – 6 PM), morning or afternoon slots',
      'Weekly bookings for the rest of the week in one go',
      'Alternative desks offered when there is a clash',
    ],
    Picture: BookingDialogIllustration,
  },
  {
    id: 'feature-teams',
    icon: Users,
    label: 'Teams and multi-floor layouts',
    title: 'Built for teams across every floor',
    body: 'Add as many floors as your building has and arrange desks with drag-and-drop. Invite your team, give admins the controls they need, and see who is in today.',
    points: [
      'Multi-floor layouts with drag, rotate and align tools',
      'Admin and member roles with simple invitations',
      'Team bookings and permanent desk assignments',
    ],
    Picture: TeamIllustration,
  },
];

function FeatureBlock({ feature, isReversed }: { feature: Feature; isReversed: boolean }) {
  const { Picture, icon: Icon } = feature;
  return (
    <article aria-labelledby={feature.id} className="grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
      <div className={cn('max-w-xl', isReversed && 'lg:order-2')}>
        <p className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700">
          <span className="flex size-8 items-center justify-center rounded-lg bg-brand-50 ring-1 ring-brand-100">
            <Icon className="size-4" aria-hidden="true" />
          </span>
          {feature.label}
        </p>
        <h3 id={feature.id} className="mt-4 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
          {feature.title}
        </h3>
        <p className="mt-4 text-base/7 text-slate-600">{feature.body}</p>
        <ul className="mt-6 space-y-3">
          {feature.points.map((point) => (
            <li key={point} className="flex gap-3 text-slate-700">
              <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-brand-600">
                <Check className="size-3 text-white" strokeWidth={3} aria-hidden="true" />
              </span>
              {point}
            </li>
          ))}
        </ul>
      </div>
      <div
        className={cn(
          'rounded-3xl bg-gradient-to-br from-brand-50 via-white to-slate-100 p-3 ring-1 ring-slate-200 sm:p-6',
          isReversed && 'lg:order-1',
        )}
      >
        <Picture className="block h-auto w-full rounded-2xl shadow-xl shadow-slate-900/10" />
      </div>
    </article>
  );
}

export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-20 bg-white py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="features-title" eyebrow="Features" title="Everything you need to run a shared office">
          From the first floor plan to the hundredth booking, Perch keeps desks, people and days in one clear view.
        </SectionHeading>
        <div className="mt-16 space-y-20 sm:mt-20 sm:space-y-28">
          {features.map((feature, index) => (
            <FeatureBlock key={feature.id} feature={feature} isReversed={index % 2 === 1} />
          ))}
        </div>
      </div>
    </section>
  );
}
