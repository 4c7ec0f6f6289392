import { LegalPage, Section } from './legal-page'
import { PRODUCT_NAME } from '../../../config/app'

export function RefundPolicy() {
  return (
    <LegalPage title="Refund Policy">
      <Section title="1. No refunds by default">
        <p>
          Payments for {PRODUCT_NAME} subscriptions and services are non-refundable by default. Cancelling stops future
          renewals; you keep access until the end of the period you paid for.
        </p>
      </Section>
      <Section title="2. When we may refund">
        <p>At our discretion, we may issue a refund in these cases:</p>
        <ul>
          <li>a duplicate payment for the same subscription or service;</li>
          <li>a billing error on our side, such as a wrong amount charged;</li>
          <li>a service outage lasting more than 48 consecutive hours.</li>
        </ul>
      </Section>
      <Section title="3. EU and UK customers">
        <p>
          If you live in the European Union or the United Kingdom, you may cancel within 14 days of purchase (the
          cooling-off period) and receive a refund, provided your use of the service during that time was minimal.
        </p>
      </Section>
      <Section title="4. How to request a refund">
        <p>
          Send your request within 7 days of the charge, with the account e-mail, the date and amount of the charge and
          the reason. Approved refunds are processed within 7 to 10 business days to the original payment method.
        </p>
      </Section>
      <Section title="5. Changes">
        <p className="mb-0">We may update this policy; the date above shows the latest version.</p>
      </Section>
    </LegalPage>
  )
}
