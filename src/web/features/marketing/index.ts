// The marketing feature's public entry: other features, pages and the app import it from here only.
export { EnterpriseContact } from './enterprise-contact.tsx';
export { FeaturesSection } from './features-section.tsx';
export { HeroSection } from './hero-section.tsx';
export { PricingSection } from './pricing-section.tsx';
export { SiteHeader } from './site-header.tsx';
export { StatsStrip } from './stats-strip.tsx';
