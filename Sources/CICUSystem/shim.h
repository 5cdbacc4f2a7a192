#pragma once
#include <unicode/ubrk.h>
