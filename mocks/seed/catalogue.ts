/**
 * The fake world's fixed pt-BR catalogue: projects, missions and their questionnaires.
 * Faker varies agents, places, dates and texts; these stay recognisable in every demo.
 */
import type { EvaluationForm, Mission, Project } from '@/api/entities'

type ProjectSeed = Omit<Project, 'cycle' | 'cycleId'>
type MissionSeed = Omit<Mission, 'id' | 'projectId' | 'formId'>

export const CONDUCT_POLICY = [
  'Aja como um cliente comum: não revele que é avaliador, nem durante nem depois da visita.',
  'Não fotografe pessoas de frente; fotografe fachada, balcão, produtos e o cupom fiscal.',
  'Faça a visita no horário agendado e registre os tempos enquanto estiver no local.',
  'Use nomes reais dos atendentes (como estão no crachá); nunca cargos ou apelidos.',
  'Relate somente o que viu e ouviu. Opiniões vão no campo de observações.',
  'Em caso de risco à sua segurança, encerre a visita e avise o suporte.',
].join('\n\n')

const arrivalPage = (prefix: string): EvaluationForm['pages'][number] => ({
  id: `${prefix}-chegada`,
  title: 'Chegada',
  questions: [
    {
      id: `${prefix}-q1`,
      kind: 'yesno',
      text: 'A fachada estava limpa e bem sinalizada?',
      required: true,
      weight: 1,
    },
    {
      id: `${prefix}-q2`,
      kind: 'yesno',
      text: 'Você foi cumprimentado em até 1 minuto depois de entrar?',
      required: true,
      weight: 2,
    },
    {
      id: `${prefix}-q3`,
      kind: 'time',
      text: 'Quanto tempo você esperou até ser atendido? (mm:ss)',
      required: true,
      weight: 0,
    },
    {
      id: `${prefix}-q4`,
      kind: 'photo',
      text: 'Envie uma foto da fachada.',
      required: true,
      weight: 0,
    },
  ],
})

const servicePage = (prefix: string, productQuestion: string): EvaluationForm['pages'][number] => ({
  id: `${prefix}-atendimento`,
  title: 'Atendimento',
  questions: [
    {
      id: `${prefix}-q5`,
      kind: 'single',
      text: 'Como o atendente iniciou a conversa?',
      required: true,
      weight: 2,
      options: [
        { value: 'perguntou', label: 'Perguntou como podia ajudar', positive: true },
        { value: 'esperou', label: 'Esperou eu falar primeiro', positive: false },
        { value: 'nao-abordou', label: 'Não me abordou', positive: false },
      ],
    },
    {
      id: `${prefix}-q6`,
      kind: 'yesno',
      text: productQuestion,
      required: true,
      weight: 3,
    },
    {
      id: `${prefix}-q7`,
      kind: 'multi',
      text: 'O que o atendente fez durante o atendimento?',
      required: true,
      weight: 2,
      options: [
        { value: 'ouviu', label: 'Ouviu minha necessidade', positive: true },
        { value: 'explicou', label: 'Explicou as opções', positive: true },
        { value: 'ofereceu', label: 'Ofereceu um produto complementar', positive: true },
        { value: 'pressa', label: 'Demonstrou pressa', positive: false },
      ],
    },
    {
      id: `${prefix}-q8`,
      kind: 'yesno',
      text: 'O atendente ofereceu o programa de fidelidade?',
      required: true,
      weight: 1,
    },
    {
      id: `${prefix}-q9`,
      kind: 'text',
      text: 'Como o programa de fidelidade foi apresentado?',
      required: true,
      weight: 0,
      showIf: { questionId: `${prefix}-q8`, equals: true },
    },
  ],
})

const closingPage = (prefix: string): EvaluationForm['pages'][number] => ({
  id: `${prefix}-finalizacao`,
  title: 'Finalização',
  questions: [
    {
      id: `${prefix}-q10`,
      kind: 'scale',
      text: 'De 1 a 5, qual nota você dá ao atendimento?',
      required: true,
      weight: 3,
      min: 1,
      max: 5,
    },
    {
      id: `${prefix}-q11`,
      kind: 'number',
      text: 'Quantos caixas estavam abertos?',
      required: false,
      weight: 0,
      min: 0,
      max: 50,
    },
    {
      id: `${prefix}-q12`,
      kind: 'yesno',
      text: 'O atendente agradeceu e se despediu?',
      required: true,
      weight: 1,
    },
  ],
})

export type CatalogueEntry = {
  project: ProjectSeed
  mission: MissionSeed
  form: EvaluationForm
}

export const CATALOGUE: readonly CatalogueEntry[] = [
  {
    project: {
      id: 'prj_farma',
      code: 'FARMA-SP',
      name: 'Atendimento em farmácias',
      clientName: 'Rede Saúde Já',
      policy: CONDUCT_POLICY,
    },
    mission: {
      title: 'Compra de protetor solar',
      briefing:
        'Vá à farmácia como cliente e peça ajuda para escolher um protetor solar para pele oleosa. Compre o protetor indicado (até R$ 60,00, reembolsado) e guarde o cupom fiscal.',
      scenario:
        'Você vai viajar para a praia no fim de semana e nunca usou protetor solar facial. Pergunte a diferença entre FPS 30 e FPS 50.',
      requirements: {
        minPhotos: 2,
        taxReceipt: true,
        proof: 'either',
        minAttendants: 1,
        checkinMaxAccuracyMeters: 100,
      },
      checklist: [
        { id: 'chk-fachada', label: 'Fotografar a fachada' },
        { id: 'chk-gondola', label: 'Fotografar a gôndola de protetores' },
        { id: 'chk-cupom', label: 'Guardar o cupom fiscal' },
      ],
      times: [
        { code: 'espera', label: 'Tempo de espera' },
        { code: 'atendimento', label: 'Tempo de atendimento' },
      ],
      visitMaxMinutes: 60,
      awards: [
        {
          code: 'NOTA10',
          title: 'Atendimento nota 10',
          prizeCents: 5000,
          deptId: 'dep_atendimento',
          goal: 80,
          criteria: 'Atendente que cumpriu todos os passos do atendimento com cordialidade.',
        },
      ],
    },
    form: {
      id: 'frm_farma',
      title: 'Avaliação de atendimento — farmácia',
      pages: [
        arrivalPage('farma'),
        servicePage('farma', 'O atendente explicou a diferença entre FPS 30 e FPS 50?'),
        closingPage('farma'),
      ],
    },
  },
  {
    project: {
      id: 'prj_mercado',
      code: 'MERCADO-RJ',
      name: 'Experiência em supermercados',
      clientName: 'Supermercados Bom Preço',
      policy: CONDUCT_POLICY,
    },
    mission: {
      title: 'Compra na padaria e no caixa rápido',
      briefing:
        'Compre um pão francês e um café na padaria do supermercado e pague no caixa rápido. Observe a limpeza, a fila e a cordialidade.',
      scenario: 'Você está com pressa no horário de almoço e quer saber se há pão saindo do forno.',
      requirements: {
        minPhotos: 1,
        taxReceipt: true,
        proof: 'testimony',
        minAttendants: 1,
        checkinMaxAccuracyMeters: 100,
      },
      checklist: [
        { id: 'chk-padaria', label: 'Fotografar o balcão da padaria' },
        { id: 'chk-fila', label: 'Observar a fila do caixa rápido' },
      ],
      times: [
        { code: 'fila', label: 'Tempo na fila' },
        { code: 'atendimento', label: 'Tempo de atendimento' },
      ],
      visitMaxMinutes: 45,
      awards: [
        {
          code: 'SORRISO',
          title: 'Sorriso no caixa',
          prizeCents: 3000,
          deptId: 'dep_caixa',
          goal: 85,
          criteria: 'Operador de caixa cordial, ágil e que ofereceu a nota fiscal paulista.',
        },
      ],
    },
    form: {
      id: 'frm_mercado',
      title: 'Avaliação de experiência — supermercado',
      pages: [
        arrivalPage('mercado'),
        servicePage('mercado', 'O atendente informou quando sai a próxima fornada?'),
        closingPage('mercado'),
      ],
    },
  },
  {
    project: {
      id: 'prj_celular',
      code: 'CEL-MG',
      name: 'Venda consultiva de celulares',
      clientName: 'Conecta Telecom',
      policy: CONDUCT_POLICY,
    },
    mission: {
      title: 'Troca de plano pós-pago',
      briefing:
        'Vá à loja e peça para trocar seu plano pré-pago por um pós-pago com mais internet. Não assine nada; peça a proposta por escrito.',
      scenario:
        'Você usa muito o celular para trabalhar com aplicativos de entrega e precisa de 30 GB por mês.',
      requirements: {
        minPhotos: 1,
        taxReceipt: false,
        proof: 'audio',
        minAttendants: 1,
        checkinMaxAccuracyMeters: 100,
      },
      checklist: [
        { id: 'chk-vitrine', label: 'Fotografar a vitrine de planos' },
        { id: 'chk-proposta', label: 'Pedir a proposta por escrito' },
      ],
      times: [{ code: 'atendimento', label: 'Tempo de atendimento' }],
      visitMaxMinutes: 50,
      awards: [
        {
          code: 'CONSULTOR',
          title: 'Consultor do mês',
          prizeCents: 8000,
          deptId: 'dep_vendas',
          goal: 90,
          criteria: 'Vendedor que entendeu a necessidade e ofereceu o plano adequado.',
        },
      ],
    },
    form: {
      id: 'frm_celular',
      title: 'Avaliação de venda — loja de celulares',
      pages: [
        arrivalPage('celular'),
        servicePage('celular', 'O atendente perguntou quanto de internet você usa por mês?'),
        closingPage('celular'),
      ],
    },
  },
]

export const TERMS_VERSION = '2026.2'

export const TERMS_BODY = [
  'Estes termos regulam o uso do aplicativo Avaliador por avaliadores cadastrados.',
  '1. Você realiza visitas como cliente comum e relata com fidelidade o que observou. Informações falsas levam à reprovação do relatório e podem levar ao bloqueio da conta.',
  '2. Fotos, áudios e textos enviados são usados somente para a avaliação contratada pelo cliente e guardados pelo tempo exigido em lei.',
  '3. O pagamento de cada tarefa fica em análise até a validação do relatório e fica disponível para saque em até 7 dias depois da aprovação.',
  '4. Seus dados pessoais são tratados conforme a Lei Geral de Proteção de Dados (LGPD); veja a Política de Privacidade.',
  '5. Você pode encerrar sua conta a qualquer momento pelo suporte.',
].join('\n\n')
