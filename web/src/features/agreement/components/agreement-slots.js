import { AgreementPanel } from './agreement-panel'
import { AgreementStatus } from './agreement-status'

/**
 * AGREEMENT_SLOTS is what a page hands to another feature's offer list (features do not import each other): an
 * offer row's signature state with its open button, and the agreement panel.
 */
export const AGREEMENT_SLOTS = { Status: AgreementStatus, Panel: AgreementPanel }
