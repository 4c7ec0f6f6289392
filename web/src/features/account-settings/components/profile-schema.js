import * as yup from 'yup'
import { NAME_PATTERN } from '../../../lib/validation'

/** profileSchema checks the profile form with the product's name rule; creators (USER) must keep a niche. */
/** @param {boolean} isCreator */
export function profileSchema(isCreator) {
  return yup.object({
    name: yup.string().trim().required('Full name is required').matches(NAME_PATTERN, 'Special characters are not allowed'),
    niche: isCreator ? yup.string().required('Creator niche is required') : yup.string(),
  })
}
