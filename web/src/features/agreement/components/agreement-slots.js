import { createElement, lazy, Suspense } from 'react'
import { AgreementStatus } from './agreement-status'

// The panel (the whole text, the sign form and its validation) loads when an offer's agreement is first opened,
// so the campaign and offer pages that show only the rows' signature state stay small.
const LazyPanel = lazy(() => import('./agreement-panel').then((m) => ({ default: m.AgreementPanel })))

/**
 * AgreementPanel is the lazily loaded panel, with its own loading line in place of the page's.
 * @param {import('react').ComponentProps<typeof import('./agreement-panel').AgreementPanel>} props
 */
function AgreementPanel(props) {
  return createElement(
    Suspense,
    { fallback: createElement('p', { className: 'small text-secondary', role: 'status' }, 'Loading the agreement…') },
    createElement(LazyPanel, props),
  )
}

/**
 * AGREEMENT_SLOTS is what a page hands to another feature's offer list (features do not import each other): an
 * offer row's signature state with its open button, and the agreement panel.
 */
export const AGREEMENT_SLOTS = { Status: AgreementStatus, Panel: AgreementPanel }
