/** The images domain's surface for other domains (architecture §layout). */
export { findImage, imageUrl, openImage } from './images.service';
