/** pt-BR texts of sign-in, sign-out and activation. */
import { count, plural } from '@/domain/plural'
export const authCopy = {
  login: {
    title: 'Entrar',
    lead: 'Informe seu celular. Vamos enviar um código de 6 dígitos para você entrar.',
    phoneLabel: 'Celular com DDD',
    phoneHint: 'Exemplo: +55 (11) 98765-4321',
    channelLegend: 'Receber o código por',
    submit: 'Receber código',
    /**
     * Another agent's visit waits on this phone (lib/kept-work): whose (the first name, as the
     * app calls them), how many — nothing of the visit itself (decision 0023).
     */
    keptWorkTitle: (name: string | undefined, visits: number) => {
      const whose = name ? ` de ${name}` : ' de outro avaliador'
      return plural(
        visits,
        `Visita${whose} guardada neste aparelho`,
        `${visits} visitas${whose} guardadas neste aparelho`,
      )
    },
    keptWorkBody: (name: string | undefined, visits: number) => {
      const who = name ?? 'essa pessoa'
      return plural(
        visits,
        `Ela será enviada quando ${who} entrar de novo aqui. Se for outra pessoa, pode entrar com o seu celular: a visita continua guardada e não aparece para você.`,
        `Elas serão enviadas quando ${who} entrar de novo aqui. Se for outra pessoa, pode entrar com o seu celular: as visitas continuam guardadas e não aparecem para você.`,
      )
    },
  },
  request: {
    title: 'Código enviado',
    // The API does not say whether a number is an agent's (docs/decisions/0013).
    sentTo: 'Se este celular estiver cadastrado, enviamos um código para',
    validity: (minutes: number) => `Ele vale por ${minutes} minutos.`,
    resent: 'Enviamos um novo código.',
    typeCode: 'Digitar o código',
    resend: 'Reenviar código',
    resendIn: (seconds: number) => `Reenviar código em ${seconds} s`,
    resendWait: (seconds: number) => `Você poderá pedir outro código em ${seconds} segundos.`,
    resendReady: 'Você já pode pedir outro código.',
    changeNumber: 'Trocar número',
  },
  allow: {
    title: 'Digite o código',
    lead: (digits: number) => `Digite o código de ${digits} dígitos enviado para`,
    codeLabel: 'Código',
    codeLength: (digits: number) => `O código tem ${digits} dígitos.`,
    wrongCode: 'Código incorreto.',
    wrongCodeLeft: (left: number) =>
      `Código incorreto. ${plural(left, 'Resta', 'Restam')} ${count(left, 'tentativa', 'tentativas')}.`,
    expired: 'Este código expirou. Peça um novo código.',
    validUntil: (time: string) => `O código vale até ${time}.`,
    attempts: (max: number) => `Você tem até ${max} tentativas.`,
    locked: 'Você errou o código muitas vezes. Peça um novo código para continuar.',
    lockedWait: (seconds: number) => `Você poderá pedir um novo código em ${seconds} s.`,
    lockedReady: 'Você já pode pedir um novo código.',
    requestAgain: 'Pedir novo código',
    submit: 'Entrar',
  },
  logout: {
    confirmTitle: 'Sair da conta',
    unsent: (n: number) =>
      plural(
        n,
        'Há 1 item de visita que ainda não foi enviado. Se sair agora, ele será apagado deste aparelho.',
        `Há ${n} itens de visita que ainda não foram enviados. Se sair agora, eles serão apagados deste aparelho.`,
      ),
    unsentHint: 'Conecte-se à internet e espere o envio terminar antes de sair.',
    leaveAnyway: 'Sair mesmo assim',
    stay: 'Ficar e esperar o envio',
    expiredKept:
      'O que você fez nas visitas continua guardado neste aparelho e será enviado quando você entrar de novo.',
    serverLater:
      'Sem conexão agora: o servidor será avisado da sua saída assim que a conexão voltar. Até lá, este aparelho não usa mais a sua sessão.',
    title: 'Você saiu',
    done: 'Você saiu da sua conta neste aparelho.',
    leaving: 'Saindo…',
    signInAgain: 'Entrar novamente',
  },
  activation: {
    title: 'Ativação da conta',
    activating: 'Ativando sua conta…',
    activationFailed: 'Não foi possível ativar sua conta agora',
    activated: 'Conta ativada! Falta só ler e aceitar os termos de uso.',
    loadingTerms: 'Carregando termos de uso',
    termsError: 'Não foi possível carregar os termos de uso',
    version: (version: string, date: string) => `Versão ${version}, publicada em ${date}`,
    accept: 'Aceitar e continuar',
    acceptFailed: 'Não foi possível registrar o aceite.',
  },
  activationError: {
    title: 'Não foi possível ativar sua conta',
    reasons: {
      activation_invalid: {
        title: 'Link de ativação inválido',
        body: 'Este link não é válido ou já foi usado. Confira se abriu o link completo da mensagem de convite. Se você já ativou sua conta, é só entrar com seu celular.',
      },
      activation_expired: {
        title: 'Link de ativação expirado',
        body: 'Os convites valem por 7 dias e este já venceu. Fale com o suporte para receber um novo link de ativação.',
      },
      unknown: {
        title: 'Algo deu errado na ativação',
        body: 'Não conseguimos ativar sua conta com este link. Tente abrir o link de novo; se continuar, fale com o suporte.',
      },
    },
    helpTitle: 'Como conseguir ajuda',
    helpBody:
      'O suporte atende de segunda a sábado, das 8h às 20h. Tenha em mãos o celular cadastrado no convite.',
    whatsapp: 'Falar com o suporte pelo WhatsApp',
    help: 'Ver perguntas frequentes',
    login: 'Entrar com celular',
  },
} as const
