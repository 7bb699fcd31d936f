/** The demo agent: account, profile, ready-made session, invitation and (once settled in) bank data. */
import type { Faker } from '@faker-js/faker'
import { cpfCheckDigits } from '@/domain/cpf'
import type { Profile } from '@/api/entities'
import type { Database } from '../db'
import { TERMS_VERSION } from './catalogue'
import { DEMO_AGENT_ID, DEMO_INVITATION, DEMO_PHONE, DEMO_TOKEN, SECOND_AGENT } from './demo'
import { DAY, iso } from './time'

export async function seedAgent(
  db: Database,
  faker: Faker,
  { now, settledIn }: { now: number; settledIn: boolean },
) {
  const firstName = faker.person.firstName('female')
  const lastName = faker.person.lastName()
  const fullName = `${firstName} ${faker.person.lastName()} ${lastName}`
  const email = faker.internet
    .email({ firstName, lastName, provider: 'exemplo.com.br' })
    .toLowerCase()
  const cpf = generateCpf(faker)
  await createAccount(db, {
    id: DEMO_AGENT_ID,
    name: `${firstName} ${lastName}`,
    phone: DEMO_PHONE,
    email,
    cpf,
    settledIn,
    profile: {
      fullName,
      displayName: firstName,
      birthDate: iso(faker.date.birthdate({ mode: 'age', min: 21, max: 55 }).getTime()).slice(
        0,
        10,
      ),
      address: {
        street: faker.location.street(),
        number: String(faker.number.int({ min: 10, max: 3000 })),
        complement:
          faker.helpers.maybe(() => `Apto ${faker.number.int({ min: 11, max: 154 })}`) ?? '',
        district: faker.helpers.arrayElement([
          'Bela Vista',
          'Consolação',
          'Pinheiros',
          'Vila Mariana',
          'Moema',
        ]),
        city: 'São Paulo',
        state: 'SP',
        zip: faker.string.numeric(8),
      },
    },
  })
  await db.sessions.create({
    token: DEMO_TOKEN,
    agentId: DEMO_AGENT_ID,
    expiresAt: iso(now + 365 * DAY),
  })
  await db.invitations.create({
    ...DEMO_INVITATION,
    agentId: DEMO_AGENT_ID,
    expiresAt: iso(now + 7 * DAY),
    usedAt: null,
  })
  if (settledIn) {
    await db.banks.create({
      ownerId: DEMO_AGENT_ID,
      bank: {
        holderName: fullName,
        cpf,
        bankCode: '260',
        branch: '0001',
        account: `${faker.string.numeric(7)}-${faker.string.numeric(1)}`,
        accountType: 'corrente',
        pixKey: email,
      },
    })
  }
}

/**
 * The second agent (`SECOND_AGENT`): an account and a profile with fixed data (no faker draw,
 * so nothing of the demo agent's world moves), settled in like the demo agent.
 */
export async function seedSecondAgent(db: Database, { settledIn }: { settledIn: boolean }) {
  const { id, phone, name } = SECOND_AGENT
  await createAccount(db, {
    id,
    name,
    phone,
    email: 'bruno.tavares@exemplo.com.br',
    cpf: `529982247${cpfCheckDigits('529982247')}`,
    settledIn,
    profile: {
      fullName: name,
      displayName: name.split(' ')[0]!,
      birthDate: '1990-04-12',
      address: {
        street: 'Rua Voluntários da Pátria',
        number: '190',
        complement: '',
        district: 'Botafogo',
        city: 'Rio de Janeiro',
        state: 'RJ',
        zip: '22270010',
      },
    },
  })
}

type Account = {
  id: string
  name: string
  phone: string
  email: string
  cpf: string
  settledIn: boolean
  profile: Pick<Profile, 'fullName' | 'displayName' | 'birthDate' | 'address'>
}

/** An active agent's account and profile (terms accepted once settled in; counts computed). */
async function createAccount(db: Database, { profile, settledIn, ...agent }: Account) {
  await db.agents.create({
    ...agent,
    status: 'active',
    available: true,
    termsVersionAccepted: settledIn ? TERMS_VERSION : null,
    // Computed at each answer, like the counts (mocks/handlers/me.ts agentWithCounts).
    termsPending: !settledIn,
    counts: {
      pendingOpportunities: 0,
      unreadNotifications: 0,
      openPendencies: 0,
      unreadBulletins: 0,
    },
  })
  await db.profiles.create({
    agentId: agent.id,
    ...profile,
    email: agent.email,
    phone: agent.phone,
    cpf: agent.cpf,
  })
}

/** A CPF with valid check digits (the profile form validates them). */
function generateCpf(faker: Faker): string {
  const base = faker.string.numeric({ length: 9, allowLeadingZeros: true })
  return base + cpfCheckDigits(base)
}
