import { Link } from 'react-router-dom'
import { LegalPage, Section } from './legal-page'
import { PRODUCT_NAME } from '../../../config/app'

export function TermsAndConditions() {
  return (
    <LegalPage title="Terms & Conditions">
      <Section title="1. Agreement">
        <p>
          By creating an account or using {PRODUCT_NAME} you agree to these terms. If you do not agree, do not use the
          service.
        </p>
      </Section>
      <Section title="2. Eligibility">
        <p>
          You must be at least 13 years old to use {PRODUCT_NAME}. If you are between 13 and 18, you may use the service
          only with the consent of a parent or legal guardian who agrees to these terms on your behalf.
        </p>
      </Section>
      <Section title="3. Your account">
        <p>
          Keep your password confidential and tell us about any unauthorised use. You are responsible for activity on
          your account. Brands are responsible for the people they invite to their brand account.
        </p>
      </Section>
      <Section title="4. Creators, brands and campaigns">
        <p>
          Brands create campaigns and browse the creator network; creators connect their social accounts and receive
          coaching based on their own platform data. Agreements between brands and creators, including exclusivity and
          content usage rights, are between those parties.
        </p>
      </Section>
      <Section title="5. Acceptable use">
        <p>
          Do not misuse the service: no unlawful content, no attempts to access other users' data, no scraping, and no
          interference with the platform's security or availability.
        </p>
      </Section>
      <Section title="6. Payments and refunds">
        <p>
          Paid plans renew until cancelled. Refunds follow our <Link to="/refund-policy">Refund Policy</Link>.
        </p>
      </Section>
      <Section title="7. Account deletion">
        <p>
          You can delete your account at any time from the <Link to="/delete-account">Delete Account</Link> page. You can
          recover it within 30 days by logging in again; after that your data is permanently deleted.
        </p>
      </Section>
      <Section title="8. Limitation of liability">
        <p>
          To the extent permitted by law, our total liability for any claim related to the service is limited to the
          greater of $100 or the fees you paid us in the 12 months before the claim.
        </p>
      </Section>
      <Section title="9. Changes">
        <p className="mb-0">
          We may update these terms; the date above shows the latest version. Continued use after a change means you
          accept it. See also our <Link to="/privacy-policy">Privacy Policy</Link>.
        </p>
      </Section>
    </LegalPage>
  )
}
