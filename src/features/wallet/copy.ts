/** pt-BR copy of the wallet, bank data and detail screens. */
import type { Transaction } from '@/api/entities'
import { WITHDRAWAL_MIN_CENTS } from '@/domain/constants'
import { withdrawalMessages } from '@/domain/withdrawal'
import { formatMoney, formatScore } from '@/lib/format'
import { count } from '@/domain/plural'

export const walletCopy = {
  walletTitle: 'Carteira',
  loadingWallet: 'Carregando carteira',
  walletError: 'Não foi possível carregar sua carteira',
  balance: 'Disponível para saque',
  pending: 'Em análise',
  pendingHint:
    'Visitas em validação e visitas aprovadas que ainda não foram liberadas. Cada valor fica disponível 7 dias depois da aprovação.',
  withdraw: 'Sacar',
  transactionsTitle: 'Movimentações',
  noTransactionsTitle: 'Nenhuma movimentação ainda',
  noTransactionsBody: 'Quando suas visitas forem aprovadas, os valores aparecem aqui.',
  awardsTitle: 'Prêmios indicados',
  awardsCount: (n: number) => count(n, 'indicação', 'indicações'),
  bankLink: 'Dados bancários',
  bankMissing: 'Cadastre seus dados bancários para poder sacar.',
  bankSummary: (bank: string, account: string) => `Saques vão para ${bank}, conta ${account}.`,

  status: {
    pending: 'Em análise',
    available: 'Disponível',
    paid: 'Pago',
  } satisfies Record<Transaction['status'], string>,
  kind: {
    task: 'Visita',
    award: 'Prêmio',
    withdrawal: 'Saque',
    adjustment: 'Ajuste',
  } satisfies Record<Transaction['kind'], string>,

  withdrawTitle: 'Sacar',
  amountLabel: 'Valor do saque (R$)',
  amountHint: (balance: string) =>
    `Disponível: ${balance}. Mínimo: ${formatMoney(WITHDRAWAL_MIN_CENTS)}. Use vírgula para os centavos, por exemplo 45,50.`,
  withdrawAll: 'Sacar tudo',
  confirmWithdraw: (amount: string) => `Sacar ${amount}`,
  confirmWithdrawPlain: 'Pedir saque',
  withdrawTo: (bank: string, account: string) =>
    `O valor será transferido para ${bank}, conta ${account}, em até 2 dias úteis.`,
  noBalance: 'Você não tem saldo disponível para saque no momento.',
  needBank: 'Para sacar, cadastre primeiro a conta que vai receber o dinheiro.',
  goToBank: 'Cadastrar dados bancários',
  withdrawn: (amount: string) => `Saque de ${amount} solicitado`,
  withdrawFailed: 'Não foi possível pedir o saque.',
  amountErrors: {
    empty: 'Informe o valor do saque.',
    invalid: 'Valor inválido. Use números e vírgula para os centavos, por exemplo 45,50.',
    // The amount's rule and its words are the domain's (src/domain/withdrawal.ts).
    balanceBelowMinimum: withdrawalMessages.balanceBelowMinimum,
  },
  close: 'Fechar',

  bankTitle: 'Dados bancários',
  bankLead: 'A conta precisa estar no seu nome e no seu CPF. É para ela que enviamos os saques.',
  loadingBank: 'Carregando dados bancários',
  bankError: 'Não foi possível carregar seus dados bancários',
  bankSaved: 'Dados bancários salvos',
  bankSaveFailed: 'Não foi possível salvar os dados bancários.',
  checkFields: 'Confira os campos destacados.',
  save: 'Salvar dados bancários',
  fields: {
    holderName: 'Nome do titular',
    cpf: 'CPF do titular',
    cpfHint: 'Somente números; a máscara é automática.',
    bank: 'Banco',
    chooseBank: 'Escolha o banco',
    otherBank: 'Outro banco',
    otherBankCode: 'Código do banco (3 números)',
    otherBankHint: 'Está no extrato ou no app do seu banco, por exemplo 748.',
    branch: 'Agência (sem dígito)',
    account: 'Conta com dígito',
    accountHint: 'Exemplo: 1234567-8',
    accountType: 'Tipo de conta',
    corrente: 'Corrente',
    poupanca: 'Poupança',
    pixKey: 'Chave Pix (opcional)',
    pixKeyHint: 'Seu e-mail, CPF, celular com +55 ou chave aleatória.',
  },
  bankErrors: {
    holderName: 'Informe o nome completo do titular.',
    holderNameLong: 'Use no máximo 120 caracteres.',
    bank: 'Escolha o banco.',
    otherBankCode: 'O código do banco tem 3 números.',
    branch: 'Agência inválida. Use até 5 números, sem o dígito.',
    account: 'Conta inválida. Informe os números e o dígito, por exemplo 1234567-8.',
    accountType: 'Escolha o tipo de conta.',
  },

  transactionTitle: 'Movimentação',
  transactionNotFound: 'Movimentação não encontrada',
  transactionNotFoundBody: 'Ela não está na sua carteira. Confira a lista de movimentações.',
  backToWallet: 'Voltar para a carteira',
  amount: 'Valor',
  kindLabel: 'Tipo',
  statusLabel: 'Situação',
  timelineTitle: 'Andamento',
  steps: {
    created: 'Registrado',
    requested: 'Saque solicitado',
    available: 'Disponível para saque',
    paid: 'Pago',
  },
  stepDone: 'concluído',
  stepWaiting: 'aguardando',
  expectedOn: (date: string) => `Previsto para ${date}`,
  viewTask: (slug: string) => `Ver tarefa ${slug}`,
  viewTaskPlain: 'Ver tarefa',

  /** An award whose title is not known yet (its mission not loaded): never its code. */
  awardUnnamed: 'Prêmio indicado',
  awardAbout: 'Sobre o prêmio',
  awardNominations: 'Suas indicações',
  awardNotFound: 'Prêmio não encontrado',
  awardNotFoundBody: 'Não há indicações suas para este prêmio.',
  awardsError: 'Não foi possível carregar seus prêmios',
  loadingAwards: 'Carregando prêmios',
  awardPrize: (prize: string) => `Prêmio de ${prize} para o atendente`,
  score: (score: number) => `Nota da visita: ${formatScore(score)}`,
  nominatedOn: (date: string) => `Indicado em ${date}`,
  attendant: (name: string) => `Atendente: ${name}`,

  detailNotFound: 'Detalhe não encontrado',
  detailNotFoundBody: 'Este endereço não corresponde a nenhuma movimentação ou prêmio.',
} as const
