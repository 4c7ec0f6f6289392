import { AppShell } from '../shell/app-shell'
import { Slots } from '../../components/slot'
import { SLOTS } from '../slots'

export default function AppShellRoute() {
  return (
    <Slots.Provider value={SLOTS}>
      <AppShell />
    </Slots.Provider>
  )
}
