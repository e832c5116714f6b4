// The declaration in include/CFuzzerDriver.h is all this target provides; SwiftPM needs one
// source file to build a C target.
#include "CFuzzerDriver.h"
