/**
 * @template {string} V
 * @typedef {{ value: V, label: string }} Option
 */

/**
 * optionList is the [{ value, label }] list a select, a radio group or a filter offers, made from a map of value →
 * label in the map's order. (A key that reads as a whole number would move to the front: keep such values out.)
 * @template {string} V
 * @param {Record<V, string>} labels
 * @returns {Option<V>[]}
 */
export function optionList(labels) {
  return /** @type {[V, string][]} */ (Object.entries(labels)).map(([value, label]) => ({ value, label }))
}
