/** pt-BR copy of the help and privacy screens. */
export const SUPPORT_WHATSAPP_URL = 'https://wa.me/5511900000000'
export const SUPPORT_WHATSAPP_LABEL = '+55 (11) 90000-0000'
export const SUPPORT_EMAIL = 'suporte@avaliador.example'

export type Faq = { question: string; answer: readonly string[] }

export const helpCopy = {
  title: 'Ajuda',
  lead: 'Respostas para as dúvidas mais comuns dos avaliadores. Toque numa pergunta para ver a resposta.',
  faqTitle: 'Perguntas frequentes',
  contactTitle: 'Fale com o suporte',
  contactLead:
    'Atendimento de segunda a sábado, das 8h às 20h. Respondemos em até 1 dia útil por e-mail.',
  whatsapp: 'Conversar pelo WhatsApp',
  email: 'Enviar e-mail',
  moreTitle: 'Mais informações',
  policyLink: 'Política de conduta nas visitas',
  privacyLink: 'Política de privacidade',
  termsLink: 'Termos de uso',
  deviceLink: 'Verificar aparelho antes de uma visita',
  version: (v: string) => `Avaliador versão ${v}`,
  faqs: [
    {
      question: 'Como aceito uma visita?',
      answer: [
        'Em Oportunidades aparecem as visitas disponíveis na sua região, com valor, local e período. Abra uma, confira a missão e escolha a data dentro do período permitido para aceitar.',
        'Cada oportunidade tem prazo: depois que expira, ela some da sua lista. Mantenha sua disponibilidade ativada em Conta para continuar recebendo ofertas.',
      ],
    },
    {
      question: 'Preciso remarcar ou cancelar uma visita. O que faço?',
      answer: [
        'Abra a tarefa em Tarefas. Antes do prazo final você pode mudar a data agendada em “Remarcar”.',
        'Se não puder ir, use “Cancelar” e explique o motivo (no mínimo 50 caracteres). Cancelamentos frequentes reduzem as oportunidades oferecidas a você.',
      ],
    },
    {
      question: 'Por que o check-in não é aceito?',
      answer: [
        'O check-in só é aceito quando a localização do aparelho está dentro do raio do local da visita, normalmente 300 metros. Se você estiver longe, o app mostra a distância, por exemplo “Você está a 850 m do local”.',
        'Ligue o GPS, permita a localização para o navegador e, se possível, vá para um lugar aberto: dentro de shoppings e galerias a precisão costuma piorar.',
      ],
    },
    {
      question: 'Quanto tempo posso ficar no local?',
      answer: [
        'O cronômetro começa no check-in e cada missão tem um tempo máximo de visita. Quando ele acaba, o app pede que você faça o check-out. Faça o check-out assim que sair do local.',
      ],
    },
    {
      question: 'Como devem ser as fotos?',
      answer: [
        'Fotografe de frente, com boa luz, sem pessoas em primeiro plano e com o nome da loja legível na fachada. Siga a quantidade mínima de fotos pedida na missão.',
        'O app reduz cada foto automaticamente (até 0,4 MB) antes de enviar, então você não precisa se preocupar com o tamanho. Seja discreto: a visita é anônima.',
      ],
    },
    {
      question: 'Posso usar o app sem internet?',
      answer: [
        'Sim, durante a visita. Respostas, fotos, áudios e anotações ficam guardados no aparelho até o servidor receber. Se a conexão cair no check-out, ele fica na fila e é enviado uma única vez quando a internet voltar.',
        'Não limpe os dados do navegador nem saia da conta enquanto houver algo pendente de envio.',
      ],
    },
    {
      question: 'Quando recebo pelas visitas?',
      answer: [
        'Depois que você envia o relatório, o valor aparece na Carteira como “Em análise”. Quando o validador aprova, ele fica “Disponível” em até 7 dias e você pode pedir o saque para a conta cadastrada em Dados bancários.',
        'Saques pedidos em dia útil são pagos em até 2 dias úteis. Confira se o CPF da conta é o mesmo do seu cadastro.',
      ],
    },
    {
      question: 'O relatório voltou com pendências. E agora?',
      answer: [
        'O validador pode pedir ajustes, por exemplo uma foto desfocada ou um tempo que parece curto. Você vê as pendências em Tarefas › Pendências de validação, no aviso “Responder” no alto das telas e na notificação que recebeu.',
        'Responda cada pendência com uma justificativa de 50 a 1000 caracteres e, se for o caso, o valor corrigido. Ao enviar, o relatório volta para validação.',
      ],
    },
    {
      question: 'Como funcionam os prêmios para atendentes?',
      answer: [
        'Quando a nota da visita alcança a meta de um prêmio, você pode indicar o atendente que mereceu. A indicação passa por análise e o valor do prêmio vai para o atendente, não para você.',
      ],
    },
    {
      question: 'Não recebi o código de acesso. O que faço?',
      answer: [
        'Confira o número informado e aguarde 60 segundos para pedir outro código. Você também pode escolher receber o código pelo WhatsApp. Se o problema continuar, fale com o suporte.',
      ],
    },
  ] satisfies readonly Faq[],
} as const

export const privacyCopy = {
  title: 'Política de privacidade',
  updated: 'Última atualização: 1º de fevereiro de 2026',
  sections: [
    {
      title: 'Quem somos',
      paragraphs: [
        'Esta política explica como o Avaliador trata os dados pessoais dos avaliadores que usam o aplicativo, conforme a Lei Geral de Proteção de Dados Pessoais (Lei nº 13.709/2018, LGPD). A empresa responsável pelo Avaliador é a controladora dos seus dados.',
      ],
    },
    {
      title: 'Quais dados coletamos',
      paragraphs: [
        'Cadastro: nome, nome de exibição, CPF, data de nascimento, e-mail, celular e endereço.',
        'Pagamentos: dados bancários (titular, banco, agência, conta) e chave Pix, quando informados.',
        'Visitas: localização do aparelho no momento do check-in, horários de check-in e check-out, respostas do questionário, fotos, áudios, cupons fiscais, nomes dos atendentes informados e anotações.',
        'Uso do app: versão do app, tipo de navegador, registros de erro e de acesso, sem conteúdo das suas conversas ou de outros aplicativos.',
      ],
    },
    {
      title: 'Para que usamos',
      paragraphs: [
        'Para executar o contrato de prestação de serviços com você: oferecer visitas, confirmar que a visita aconteceu no local certo, validar os relatórios e pagar pelas tarefas aprovadas.',
        'Para cumprir obrigações legais e fiscais, como a emissão de comprovantes de pagamento.',
        'Para a segurança da plataforma e prevenção de fraudes, com base no legítimo interesse.',
        'Para enviar notificações sobre o seu trabalho, apenas se você permitir.',
        'A localização é lida somente quando você faz o check-in ou pede para ver a distância do local. Não acompanhamos sua localização fora das visitas.',
      ],
    },
    {
      title: 'Com quem compartilhamos',
      paragraphs: [
        'Os relatórios das visitas (respostas, fotos, áudios e cupons) são compartilhados com o cliente que contratou a avaliação, sem seu CPF, contato ou dados bancários.',
        'Dados bancários e de pagamento são compartilhados com a instituição financeira que faz as transferências.',
        'Usamos fornecedores de hospedagem e envio de mensagens que tratam os dados em nosso nome, sob contrato e com as mesmas obrigações de sigilo. Não vendemos seus dados.',
      ],
    },
    {
      title: 'Por quanto tempo guardamos',
      paragraphs: [
        'Dados de cadastro: enquanto sua conta estiver ativa e por até 5 anos depois do encerramento, para atender a obrigações legais.',
        'Relatórios, fotos e áudios das visitas: por até 2 anos depois da validação, prazo do contrato com os clientes.',
        'Dados de pagamento: por 5 anos, como exige a legislação fiscal.',
        'Registros de acesso: por 6 meses, como determina o Marco Civil da Internet.',
        'Os dados guardados no seu aparelho para uso sem internet são apagados quando você sai da conta.',
      ],
    },
    {
      title: 'Seus direitos',
      paragraphs: [
        'Você pode, a qualquer momento: confirmar se tratamos seus dados e acessá-los; corrigir dados incompletos ou desatualizados; pedir a anonimização, o bloqueio ou a eliminação de dados desnecessários; pedir a portabilidade; saber com quem compartilhamos; revogar consentimentos, como o de notificações; e se opor a tratamentos que considere irregulares.',
        'Você também pode apresentar reclamação à Autoridade Nacional de Proteção de Dados (ANPD).',
      ],
    },
    {
      title: 'Segurança',
      paragraphs: [
        'Os dados trafegam com criptografia (HTTPS) e o acesso interno é restrito a quem precisa deles para trabalhar. Em caso de incidente de segurança relevante, avisaremos você e a ANPD.',
      ],
    },
    {
      title: 'Contato do encarregado (DPO)',
      paragraphs: [
        'Para exercer seus direitos ou tirar dúvidas sobre esta política, escreva para o encarregado de proteção de dados pelo e-mail abaixo. Respondemos em até 15 dias.',
      ],
    },
  ],
  dpoEmail: 'privacidade@avaliador.example',
  dpoLabel: 'Escrever para o encarregado',
} as const
