import { useCallback, useEffect, useState } from 'react'

/**
 * useCountdown counts down from `seconds` once a second; restart() starts over.
 * @param {number} seconds
 * @returns {[number, () => void]} the seconds left and restart
 */
export function useCountdown(seconds) {
  const [remaining, setRemaining] = useState(seconds)
  const [round, setRound] = useState(0)

  useEffect(() => {
    setRemaining(seconds)
    const timer = setInterval(() => {
      setRemaining((r) => {
        if (r <= 1) {
          clearInterval(timer)
          return 0
        }
        return r - 1
      })
    }, 1000)
    return () => clearInterval(timer)
  }, [seconds, round])

  const restart = useCallback(() => setRound((r) => r + 1), [])
  return [remaining, restart]
}
