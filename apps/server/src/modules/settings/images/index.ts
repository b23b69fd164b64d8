/** The images domain's surface for other domains (style §1). */
export { findImage, imageUrl, openImage } from './images.service';
