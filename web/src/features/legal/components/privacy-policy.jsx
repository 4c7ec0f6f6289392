import { Link } from 'react-router-dom'
import { LegalPage, Section } from './legal-page'
import { PRODUCT_NAME } from '../../../config/app'

export function PrivacyPolicy() {
  return (
    <LegalPage title="Privacy Policy">
      <Section title="1. What we collect">
        <ul>
          <li>Account data: name, e-mail, password (stored hashed), role, creator niche or brand name.</li>
          <li>Connected social accounts and their analytics (followers or subscribers, likes, views, impressions), only when you connect them.</li>
          <li>Campaign data brands enter, and messages you send to the coaching chat.</li>
          <li>Payment details are handled by our card payment provider; we do not store full card numbers.</li>
        </ul>
      </Section>
      <Section title="2. How we use it">
        <p>
          To run {PRODUCT_NAME}: sign-in and security codes, campaign and creator matching, analytics and coaching based
          on your own platform data, billing, and support. We do not sell your personal data.
        </p>
      </Section>
      <Section title="3. Children">
        <p>
          {PRODUCT_NAME} is not for children under 13. Users between 13 and 18 need the consent of a parent or legal
          guardian.
        </p>
      </Section>
      <Section title="4. Storage and security">
        <p>
          Data is stored on secured servers; passwords and session tokens are stored hashed. Access is limited to what
          each role needs.
        </p>
      </Section>
      <Section title="5. Your choices">
        <p>
          You can update your profile, disconnect social accounts and delete your account on the{' '}
          <Link to="/delete-account">Delete Account</Link> page. A deleted account can be recovered within 30 days by
          logging in again; after that its data is permanently deleted.
        </p>
      </Section>
      <Section title="6. Changes">
        <p className="mb-0">
          We may update this policy; the date above shows the latest version. See also our{' '}
          <Link to="/terms-and-conditions">Terms &amp; Conditions</Link> and <Link to="/refund-policy">Refund Policy</Link>.
        </p>
      </Section>
    </LegalPage>
  )
}
