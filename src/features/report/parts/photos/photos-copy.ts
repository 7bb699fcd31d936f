/**
 * pt-BR texts of the photos part (the picker's and the list's are the media kit's:
 * features/visit/media/media-kit-copy.ts).
 */
import { count } from '@/domain/plural'

export const photosCopy = {
  minPhotos: (n: number) => `Mínimo de ${count(n, 'foto', 'fotos')}`,
  photosCount: (n: number) => count(n, 'foto', 'fotos'),
  // The submitted report (read only).
  viewEmpty: 'Nenhuma foto no relatório',
} as const
