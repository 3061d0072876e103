import { Footer } from '../components/layout/footer.tsx';
import { EnterpriseContact } from '../features/marketing/enterprise-contact.tsx';
import { FeaturesSection } from '../features/marketing/features-section.tsx';
import { HeroSection } from '../features/marketing/hero-section.tsx';
import { PricingSection } from '../features/marketing/pricing-section.tsx';
import { SiteHeader } from '../features/marketing/site-header.tsx';
import { StatsStrip } from '../features/marketing/stats-strip.tsx';

/** The public landing page for signed-out visitors (spec section 2). */
export function LandingPage() {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <HeroSection />
        <FeaturesSection />
        <StatsStrip />
        <PricingSection />
        <EnterpriseContact />
      </main>
      <Footer />
    </div>
  );
}

export default LandingPage;
