import { Footer } from '../components/layout/footer.tsx';
import {
  EnterpriseContact,
  FeaturesSection,
  HeroSection,
  PricingSection,
  SiteHeader,
  StatsStrip,
} from '../features/marketing/index.ts';

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
